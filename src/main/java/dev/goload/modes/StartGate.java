package dev.goload.modes;

import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunNote;
import dev.goload.pace.NanoClock;
import dev.goload.shard.CoordinatedStart;
import dev.goload.shard.Shard;
import java.io.IOException;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The one start gate of every mode that can be sharded (docs/distributed.md, "The coordinated start"): after its
 * warm-up the engine asks the gate for T0 (the {@code -start-at} instant, or the coordinator's answer), the gate maps
 * T0 from this loader's epoch clock onto the injected monotonic clock and waits for it, and the run's schedule and
 * intervals begin exactly there.
 *
 * <p>The rule for a late arrival (a loader that reaches the gate after T0, its warm-up having outlasted the start's
 * margin): the schedule stays anchored on T0, so its intervals stay aligned with the other shards'. Up to
 * {@link #LATE_TOLERANCE_NANOS} late is scheduling noise: the run starts at once on T0's grid, the lateness is a
 * {@link Started} note and the record's {@code shard.startLateMs}. Later than that, the owed sends would be a burst or
 * a shed that one loader would never have had: the gate refuses ({@link Refused}), nothing is sent, and the shard's
 * missing record makes {@code goload merge} refuse the whole run — one shard's missed start never passes as a
 * measurement.
 *
 * <p>The wait watches the run's stop signal: a stop (Ctrl-C) while asking the coordinator or waiting for T0 ends the
 * wait at once ({@link Began#stopped()}), and the mode ends its run without sending anything.
 *
 * <p>One gate per run; {@link #await} runs once, on the engine's thread.
 */
public final class StartGate {
    /** How late after T0 a loader may still begin on T0's grid: scheduling noise, not a missed start. */
    public static final long LATE_TOLERANCE_NANOS = 250_000_000L;

    /** Not coordinated: the run starts when it is ready. */
    public static final StartGate NONE = new StartGate(Shard.SINGLE, Source.NONE);

    /** How the gate learns T0; the command builds it over {@link CoordinatedStart#await}. */
    public interface Source {
        /** Not coordinated: no T0. */
        Source NONE = epoch -> null;

        /**
         * Blocks until T0 is decided; null when the run is not coordinated.
         *
         * @throws IllegalStateException the barrier refused the run or timed out (the message says why)
         * @throws IOException           the barrier could not be reached
         */
        CoordinatedStart.Start await(EpochClock epoch) throws IOException, InterruptedException;

        /** The run was stopped: end a pending {@link #await} promptly (it may throw). */
        default void cancel() {}
    }

    /**
     * How the gate waits for T0 (the reporter's {@link IntervalReporter.Waiter}; tests inject one that moves their
     * clock): coarse waits on the signal (which wakes at a stop), the last 2 ms parked, so the first request leaves
     * on T0 rather than up to a millisecond after it.
     */
    static final IntervalReporter.Waiter SYSTEM_WAITER = (signal, nanos) -> {
        if (nanos <= 2_000_000L) {
            LockSupport.parkNanos(nanos);
            return signal.isStopping();
        }
        return signal.await((nanos - 2_000_000L) / 1_000_000L);
    };

    /** The coordinated start failed: nothing was sent; the message names the problem. */
    public static final class Refused extends Exception {
        Refused(String why, Throwable cause) {
            super("the coordinated start failed, nothing was sent: " + why, cause);
        }
    }

    /**
     * The run starts at a coordinated T0: the console's {@code [shard]} line, noted before the wait.
     *
     * @param lateNanos how long after T0 this loader reached the gate (0 when on time)
     */
    public record Started(Shard shard, CoordinatedStart.Start start, long lateNanos) implements RunNote {}

    /**
     * How the run begins.
     *
     * @param t0Nanos   T0 on the injected clock (now when not coordinated, or when stopped)
     * @param start     what the source answered (null when not coordinated, or stopped before it answered)
     * @param lateNanos how long after T0 the loader reached the gate (0 when on time or not coordinated)
     * @param stopped   the run was stopped before T0: send nothing, end the run
     */
    public record Began(long t0Nanos, CoordinatedStart.Start start, long lateNanos, boolean stopped) {
        /** The record's {@code shard.startLateMs}: null when not coordinated. */
        public Double lateMillis() {
            return start == null ? null : lateNanos / 1e6;
        }
    }

    private final Shard shard;
    private final Source source;
    private volatile Began began;

    public StartGate(Shard shard, Source source) {
        this.shard = shard;
        this.source = source;
    }

    /** How the run began, or null before {@link #await} returned (or when it refused). */
    public Began began() {
        return began;
    }

    /** {@link #await(NanoClock, EpochClock, RunSignal, Consumer, IntervalReporter.Waiter)} waiting in real time. */
    public Began await(NanoClock clock, EpochClock epoch, RunSignal signal, Consumer<? super RunNote> notes)
            throws Refused, InterruptedException {
        return await(clock, epoch, signal, notes, SYSTEM_WAITER);
    }

    /**
     * Asks the source for T0 and waits for it on {@code clock}, watching {@code signal} all along.
     *
     * @throws Refused the barrier refused the run, timed out or could not be reached, or T0 passed more than
     *                 {@link #LATE_TOLERANCE_NANOS} before this loader got here
     */
    public Began await(NanoClock clock, EpochClock epoch, RunSignal signal, Consumer<? super RunNote> notes,
                       IntervalReporter.Waiter waiter) throws Refused, InterruptedException {
        CoordinatedStart.Start s = ask(epoch, signal);
        if (signal.isStopping()) return done(new Began(clock.nanoTime(), s, 0, true));
        if (s == null) return done(new Began(clock.nanoTime(), null, 0, false));
        long t0 = epoch.toMonotonicNanos(s.localT0EpochMs() * 1_000_000L);
        long late = Math.max(0, clock.nanoTime() - t0);
        if (late > LATE_TOLERANCE_NANOS) {
            throw new Refused(String.format(Locale.ROOT, "shard %s reached T0 %s %.0f ms late, more than the %d ms"
                    + " tolerated (its warm-up outlasted the start's margin; give -start-at more time ahead)", shard,
                    Instant.ofEpochMilli(s.t0EpochMs()), late / 1e6, LATE_TOLERANCE_NANOS / 1_000_000), null);
        }
        notes.accept(new Started(shard, s, late));
        for (long left; (left = t0 - clock.nanoTime()) > 0; ) {
            if (signal.isStopping() || waiter.await(signal, left)) {
                return done(new Began(clock.nanoTime(), s, late, true));
            }
        }
        return done(new Began(t0, s, late, signal.isStopping()));
    }

    /** The source's answer; a stop meanwhile cancels it (its failure then is the stop's, not a refusal). */
    private CoordinatedStart.Start ask(EpochClock epoch, RunSignal signal) throws Refused, InterruptedException {
        if (signal.isStopping() || source == Source.NONE) return null; // no barrier: nothing to watch
        Thread watcher = Thread.ofVirtual().name("goload-start-watch").start(() -> {
            try {
                signal.await(Long.MAX_VALUE);
                source.cancel();
            } catch (InterruptedException e) {
                // the answer came first
            }
        });
        try {
            return source.await(epoch);
        } catch (IOException | IllegalStateException e) { // a cancel (CancellationException) included
            if (signal.isStopping()) return null;
            throw new Refused(e.getMessage(), e);
        } finally {
            watcher.interrupt();
        }
    }

    private Began done(Began b) {
        if (this != NONE) began = b; // NONE is shared by every uncoordinated run
        return b;
    }
}
