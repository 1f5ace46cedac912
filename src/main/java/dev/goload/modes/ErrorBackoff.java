package dev.goload.modes;

import dev.goload.client.ErrorKind;
import dev.goload.metrics.BackoffStats;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The pause of a closed loop (a consumer's pop loop, a closed-loop producer) after a failed call: the loop's own
 * base pause (the reference's: 5 ms for the {@code max}/{@code openloop} consumers, 20 ms for {@code order}, 250 ms
 * for {@code tenants}, …) after any failure, growing exponentially while the broker stays unreachable.
 *
 * <p>The rule: the first failure of a streak pauses exactly {@code base}. Each further consecutive failure of a
 * <em>growing</em> kind — {@code conn}, {@code timeout}, {@code http_5xx}: the broker (or a proxy in front of it
 * answering 502/503/504) cannot serve at all — doubles the pause, capped at {@link #MAX_MILLIS}, with jitter: the
 * n-th pause of a streak is drawn uniformly from [d/2, d] with d = min(max, step·2^(n-1)), step = max(base, 5 ms),
 * and never below {@code base}. Any other outcome — a success, or a failure the broker answered
 * ({@code http_429}, {@code http_4xx}, {@code decode}, a per-item failure) — ends the streak, and that failure
 * pauses {@code base}. A 429 keeps its own Retry-After policy in the client; a storm of it is not a dead broker.
 *
 * <p>Why: a killed broker refuses connections in microseconds, so a fixed 5 ms pause let 4 consumers make
 * 9,515 pop calls in 10 s against the real broker (≈240/s each), every one of them a counted error and a socket.
 * With the backoff a consumer reaches 1 s pauses after 9 failures (measured: 2 pop errors/s per consumer during a
 * 10 s kill, docs/reliability.md); it resumes within ~1 s of the broker coming back.
 *
 * <p>Every pause longer than {@code base} is a <em>backoff</em>, counted in {@link BackoffStats} with its length (the
 * planned length: a pause the run's stop cut short counts whole).
 *
 * <p>Threading: one instance per loop (not thread-safe); {@link BackoffStats} is shared by all the loops of a run.
 */
public final class ErrorBackoff {
    /** The longest pause, whatever the base (a base above it is kept as is). */
    public static final long MAX_MILLIS = 1_000;
    /** What a loop without a pause of its own (base 0: {@code order}'s producer) doubles from. */
    static final long MIN_STEP_MILLIS = 5;

    /** Sleeps up to {@code millis}; true when the run stopped meanwhile ({@link RunSignal#pause} is one). */
    @FunctionalInterface
    public interface Sleeper {
        boolean pause(long millis);
    }

    private final long baseMillis;
    private final long maxMillis;
    private final Sleeper sleeper;
    private final RandomGenerator jitter;
    private final BackoffStats stats;
    private int streak;

    public ErrorBackoff(long baseMillis, Sleeper sleeper, RandomGenerator jitter, BackoffStats stats) {
        if (baseMillis < 0) throw new IllegalArgumentException("baseMillis must be >= 0, got " + baseMillis);
        this.baseMillis = baseMillis;
        this.maxMillis = Math.max(MAX_MILLIS, baseMillis);
        this.sleeper = sleeper;
        this.jitter = jitter;
        this.stats = stats;
    }

    /** A loop's backoff pausing on {@code signal}, jittered from its own unseeded generator. */
    public static ErrorBackoff on(RunSignal signal, long baseMillis, BackoffStats stats) {
        return new ErrorBackoff(baseMillis, signal::pause, new SplittableRandom(), stats);
    }

    /** Whether a failure of {@code kind} means the broker cannot serve (it grows the pause). */
    public static boolean grows(ErrorKind kind) {
        return kind == ErrorKind.CONN || kind == ErrorKind.TIMEOUT || kind == ErrorKind.HTTP_5XX;
    }

    /** The loop's call succeeded: the next failure pauses {@code base} again. */
    public void onSuccess() {
        streak = 0;
    }

    /**
     * Pauses after a failed call of {@code kind} (null: a failure that is no error kind, e.g. per-item
     * {@code failed} statuses in a 2xx) and returns true when the run stopped meanwhile.
     */
    public boolean afterFailure(ErrorKind kind) {
        return sleeper.pause(nextPauseMillis(kind));
    }

    /** The pause {@link #afterFailure} takes for a failure of {@code kind}, advancing the streak; counted. */
    long nextPauseMillis(ErrorKind kind) {
        if (kind == null || !grows(kind)) {
            streak = 0;
            return baseMillis;
        }
        if (streak < 64) streak++;
        if (streak == 1) {
            return baseMillis;
        }
        int doublings = streak - 1;
        long step = Math.max(baseMillis, MIN_STEP_MILLIS);
        // shifting past the top bit would overflow: by then the cap has long been reached
        long d = doublings >= Long.numberOfLeadingZeros(step) - 1 ? maxMillis : Math.min(maxMillis, step << doublings);
        long pause = Math.max(baseMillis, d / 2 + jitter.nextLong(d - d / 2 + 1));
        if (pause > baseMillis) stats.add(pause);
        return pause;
    }
}
