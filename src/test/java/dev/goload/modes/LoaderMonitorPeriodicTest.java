package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.modes.RunResult.LoaderSummary;
import org.junit.jupiter.api.Test;

/**
 * Modes without a report loop sample the loader every second, not once at the end: peak RSS and the CPU maximum
 * cover the whole run, and {@link LoaderMonitor#finish()} stops the sampler before it summarises.
 */
class LoaderMonitorPeriodicTest {
    @Test
    void samplesEverySecondUntilFinished() throws Exception {
        try (LoaderMonitor m = new LoaderMonitor(LoaderBoundRules.DEFAULTS).samplingEverySecond()) {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (m.intervals() < 2) {
                assertTrue(System.nanoTime() < deadline, "no periodic samples within 30 s");
                Thread.sleep(50);
            }
            LoaderSummary s = m.finish();
            int after = m.intervals();
            assertTrue(after >= 3, "two periodic samples and the final one: " + after);
            assertTrue(s.peakRssBytes() > 0, s.toString());
            Thread.sleep(1_500);
            assertEquals(after, m.intervals(), "finish() stopped the periodic sampler");
        }
    }

    @Test
    void withoutPeriodicSamplingFinishTakesOneSample() {
        try (LoaderMonitor m = new LoaderMonitor(LoaderBoundRules.DEFAULTS)) {
            m.finish();
            assertEquals(1, m.intervals());
        }
    }
}
