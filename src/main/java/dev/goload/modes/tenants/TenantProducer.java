package dev.goload.modes.tenants;

import dev.goload.pace.ClosedLoopPacer;
import dev.goload.pace.NanoClock;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * One tenant's producer schedule (goload-behavior.md §2.7): the phase rate ({@code -phase-high} in even phases of
 * {@code -phase-sec} counted from the run's start plus the tenant's stagger offset, {@code -phase-low} in odd ones),
 * paced closed-loop by pacer D ({@link ClosedLoopPacer}: one interval per send, reset to now when more than 2 s
 * behind, so a stall never turns into a catch-up burst). A phase rate of 0 sends nothing and looks again every
 * {@value #IDLE_LOOK_MILLIS} ms; the schedule then restarts from now.
 *
 * <p>Each send is handed its due instant ({@link ClosedLoopPacer#dueNanos()}), the latency origin of the push and of
 * the message's e2e: a send made late (up to pacer D's 2 s allowance) still measures from when it was due.
 *
 * <p>Clock and sleep are injected so the schedule is tested exactly. Threading: runs on its producer's thread.
 */
final class TenantProducer implements Runnable {
    static final long IDLE_LOOK_MILLIS = 500;

    /** Sleeps that end early, answering true, when the run stops. */
    @FunctionalInterface
    interface Pause {
        boolean nanos(long nanos);
    }

    private final int phaseHigh;
    private final int phaseLow;
    private final int phaseSec;
    private final long offsetSec;
    private final long startNanos;
    private final NanoClock clock;
    private final Pause pause;
    private final BooleanSupplier stopping;
    /** Sends one message due at the given instant. */
    private final LongConsumer send;
    private final ClosedLoopPacer pacer;
    /** The pacer's interval, set from the phase before each step; 0 restarts the schedule from now. */
    private double intervalNanos;

    TenantProducer(int phaseHigh, int phaseLow, int phaseSec, long offsetSec, long startNanos, NanoClock clock,
                   Pause pause, BooleanSupplier stopping, LongConsumer send) {
        this.phaseHigh = phaseHigh;
        this.phaseLow = phaseLow;
        this.phaseSec = phaseSec;
        this.offsetSec = offsetSec;
        this.startNanos = startNanos;
        this.clock = clock;
        this.pause = pause;
        this.stopping = stopping;
        this.send = send;
        this.pacer = new ClosedLoopPacer(clock, () -> intervalNanos);
    }

    /** The rate of the phase {@code elapsedSec} into this tenant's schedule. */
    int rateAt(long elapsedSec) {
        return (elapsedSec / phaseSec) % 2 == 0 ? phaseHigh : phaseLow;
    }

    @Override
    public void run() {
        while (!stopping.getAsBoolean()) {
            int rate = rateAt((clock.nanoTime() - startNanos) / 1_000_000_000L + offsetSec);
            if (rate <= 0) {
                intervalNanos = 0;
                if (pause.nanos(IDLE_LOOK_MILLIS * 1_000_000L)) return;
                pacer.nextDelayNanos(); // restarts the schedule from now: no burst for the idle phase
                continue;
            }
            intervalNanos = 1e9 / rate;
            long wait = pacer.nextDelayNanos();
            if (wait > 0 && pause.nanos(wait)) return;
            send.accept(pacer.dueNanos());
        }
    }
}
