package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.ProcessSampler;
import dev.goload.modes.RunResult.LoaderSummary;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The monitor's CPU is the sampler's CPU over the sampler's wall clock: on a manual clock its figures are exactly
 * what the clocks say, whatever this JVM really spent (a shard fixture on a manual clock read this JVM's real CPU
 * over a few real microseconds per interval, and a CI run judged its shard loader-bound).
 */
class LoaderMonitorSamplerTest {
    private static final long S = 1_000_000_000L;

    private static LoaderSummary run(double coresBusy) {
        AtomicLong wall = new AtomicLong(10 * S);
        AtomicLong cpu = new AtomicLong(3 * S);
        int cores = Runtime.getRuntime().availableProcessors();
        try (LoaderMonitor m = new LoaderMonitor(LoaderBoundRules.DEFAULTS, new LatencyRecorder("hiccup"),
                new ProcessSampler(cpu::get, wall::get))) {
            for (int i = 0; i < 4; i++) {
                wall.addAndGet(S);
                cpu.addAndGet((long) (coresBusy * cores * S));
                m.sample(new LoaderMonitor.Pacing(i, i + 1, "load", 0, null, -1, 0), null);
            }
            return m.summary();
        }
    }

    @Test
    void aProcessAtItsCoresIsLoaderBoundOnTheSamplersClocks() {
        LoaderSummary busy = run(0.97);
        assertEquals(0.97 * Runtime.getRuntime().availableProcessors(), busy.cpuCoresMax(), 1e-6);
        assertEquals(0.97 * Runtime.getRuntime().availableProcessors(), busy.cpuCoresAvg(), 1e-6);
        assertTrue(busy.loaderBound(), busy.reasons().toString());
    }

    @Test
    void anIdleProcessIsNotWhateverThisJvmSpends() {
        LoaderSummary idle = run(0);
        assertEquals(0, idle.cpuCoresMax(), 0);
        assertEquals(0, idle.cpuSeconds(), 0);
        assertFalse(idle.loaderBound(), idle.reasons().toString());
    }

    @Test
    void theMaximumLeavesOutIntervalsTooShortToJudgeTheCpuOn() {
        int cores = Runtime.getRuntime().availableProcessors();
        AtomicLong wall = new AtomicLong(0);
        AtomicLong cpu = new AtomicLong(0);
        try (LoaderMonitor m = new LoaderMonitor(LoaderBoundRules.DEFAULTS, new LatencyRecorder("hiccup"),
                new ProcessSampler(cpu::get, wall::get))) {
            for (int i = 0; i < 3; i++) {
                wall.addAndGet(S);
                cpu.addAndGet(cores * S / 2);
                m.sample(new LoaderMonitor.Pacing(i, i + 1, "load", 0, null, -1, 0), null);
            }
            // the last interval, 10 ms, read 12 ms of CPU per core: more than the cores
            wall.addAndGet(10_000_000L);
            cpu.addAndGet(cores * 12_000_000L);
            m.sample(new LoaderMonitor.Pacing(3, 3.01, "drain", 0, null, -1, 0), null);
            LoaderSummary s = m.summary();
            assertEquals(cores / 2.0, s.cpuCoresMax(), 1e-9, "the busiest interval that can be judged");
            assertEquals(cores * 1.512 / 3.01, s.cpuCoresAvg(), 1e-9, "the average still counts all of it");
        }
        AtomicLong w = new AtomicLong(0);
        AtomicLong c = new AtomicLong(0);
        try (LoaderMonitor m = new LoaderMonitor(LoaderBoundRules.DEFAULTS, new LatencyRecorder("hiccup"),
                new ProcessSampler(c::get, w::get))) {
            w.addAndGet(200_000_000L);
            c.addAndGet(300_000_000L);
            m.sample(new LoaderMonitor.Pacing(0, 0.2, "load", 0, null, -1, 0), null);
            LoaderSummary s = m.summary();
            assertEquals(1.5, s.cpuCoresMax(), 1e-9, "a run too short for any: its average");
        }
    }
}
