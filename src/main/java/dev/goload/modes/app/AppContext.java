package dev.goload.modes.app;

import dev.goload.client.PopRequest;
import dev.goload.client.QueenClient;
import dev.goload.config.AppConfig;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.PushSender;
import dev.goload.modes.ErrorBackoff;
import dev.goload.modes.RunSignal;
import dev.goload.modes.consume.BatchHandler;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.ConsumerPolicy;
import dev.goload.modes.consume.Lifetime;
import dev.goload.modes.consume.PopTally;
import dev.goload.pace.NanoClock;
import dev.goload.verify.OrderChecker;
import dev.goload.verify.OrderObserver;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the workers of one {@code app} run share. The mutable parts are thread-safe: {@code producersStopped} and
 * {@code rotated} are atomics, {@code rateMultiplier} is read through {@link #rateMultiplier()}.
 *
 * @param run      the common counters (pushes through {@code sender}, pops, acks, error kinds, backoffs)
 * @param counters app's own counters
 * @param qDelay   pop receipt − the message's {@code pushTs} (app's own recorder in {@code recorders})
 * @param rawLogs null without {@code -verify-log}
 * @param payload this run's message bodies
 * @param tap     what every processed delivery passes through on its way to the checker and the raw log (identity
 *                in runs; tests inject faults here to prove the verdict — and the file — can fail)
 */
public record AppContext(QueenClient client, AppConfig cfg, RunCounters run, AppCounters counters,
                         RunRecorders recorders, LatencyRecorder qDelay, PushSender sender, OrderChecker checker, CheckerTap tap, RawLogs rawLogs, RunSignal signal, NanoClock clock,
                         EpochClock epoch, AppPayload payload, AtomicBoolean producersStopped, AtomicLong rotated,
                         AtomicLong rateMultiplierBits) {
    /** The reference's pause after a failed pop or push (§2.8). */
    static final long ERROR_PAUSE_MILLIS = 5;

    /**
     * Forwards one delivery to {@code sink} (the checker and the raw log together, see {@link DeliveryFeed}); the
     * seam tests use to inject a reorder or a gap.
     */
    @FunctionalInterface
    public interface CheckerTap {
        CheckerTap IDENTITY = (sink, group, partition, seq, retry) -> sink.observe(group, partition, seq, retry);

        void observe(OrderObserver sink, int group, String partition, long seq, int retry);
    }

    public double rateMultiplier() {
        return Double.longBitsToDouble(rateMultiplierBits.get());
    }

    public void setRateMultiplier(double m) {
        rateMultiplierBits.set(Double.doubleToLongBits(m));
    }

    /**
     * A consumer of this run on the one loop: the reference's 5 ms pause after a failed pop (§2.8), grown on
     * consecutive connection failures; {@code emptySleepMs} after an empty pop; pops counted in {@code tally}
     * (stage 1: the common counters; stage 2: its own, see {@link StageTwoDrainer}).
     */
    ConsumerLoop consumerLoop(PopRequest request, long emptySleepMs, PopTally tally, BatchHandler handler) {
        return new ConsumerLoop(new ConsumerPolicy(ERROR_PAUSE_MILLIS, emptySleepMs, false), Lifetime.of(signal),
                () -> client.pop(request), tally, handler, epoch::epochNanos, new AtomicInteger(), run.backoff);
    }

    /** A new loop's backoff after failed calls: the reference's 5 ms pause, grown on connection failures. */
    ErrorBackoff errorBackoff() {
        return ErrorBackoff.on(signal, ERROR_PAUSE_MILLIS, run.backoff);
    }

    /** Sleeps {@code millis} unless the run stops first; true when it stopped. */
    boolean pause(long millis) {
        return signal.pause(millis);
    }
}
