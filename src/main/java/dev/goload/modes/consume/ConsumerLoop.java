package dev.goload.modes.consume;

import dev.goload.client.ErrorKind;
import dev.goload.client.PopResult;
import dev.goload.client.QueenException;
import dev.goload.metrics.BackoffStats;
import dev.goload.modes.ErrorBackoff;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * The one consumer loop of every mode: pop → count → (failed: classify, {@link ErrorBackoff} from the policy's base
 * pause) → (empty: the policy's empty sleep) → the mode's {@link BatchHandler}. A mode differs only by its
 * {@link ConsumerPolicy}, its {@link PopTally} and its handler.
 *
 * <p>The stop rule (one for all modes): the loop ends when its {@link Lifetime} stops, before the next pop or after
 * a failed or cancelled one. A cancelled pop (the run's stop cuts what is left in flight) is counted once, as
 * cancelled ({@link PopTally#canceled}), never as an error; one the broker failed during shutdown is still an error.
 * With {@link ConsumerPolicy#exitOnCanceledPop()} a cancelled pop ends the loop even before the stop is seen (cloud,
 * §2.3). A {@link PopCall} that returns null made no call (it saw the stop first): nothing is counted.
 *
 * <p>Threading: one instance per consumer thread; {@link #run} counts itself in {@code liveTasks}.
 */
public final class ConsumerLoop implements Runnable {
    private final ConsumerPolicy policy;
    private final Lifetime life;
    private final PopCall pop;
    private final PopTally tally;
    private final BatchHandler handler;
    private final LongSupplier epochNanos;
    private final AtomicInteger liveTasks;
    private final ErrorBackoff backoff;

    public ConsumerLoop(ConsumerPolicy policy, Lifetime life, PopCall pop, PopTally tally, BatchHandler handler,
                        LongSupplier epochNanos, AtomicInteger liveTasks, BackoffStats backoffStats) {
        this(policy, life, pop, tally, handler, epochNanos, liveTasks, backoffStats, new SplittableRandom());
    }

    ConsumerLoop(ConsumerPolicy policy, Lifetime life, PopCall pop, PopTally tally, BatchHandler handler,
                 LongSupplier epochNanos, AtomicInteger liveTasks, BackoffStats backoffStats, RandomGenerator jitter) {
        this.policy = policy;
        this.life = life;
        this.pop = pop;
        this.tally = tally;
        this.handler = handler;
        this.epochNanos = epochNanos;
        this.liveTasks = liveTasks;
        this.backoff = new ErrorBackoff(policy.errorPauseMs(), life::pause, jitter, backoffStats);
    }

    @Override
    public void run() {
        liveTasks.incrementAndGet();
        try {
            loop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            liveTasks.decrementAndGet();
        }
    }

    private void loop() throws InterruptedException {
        while (!life.stopping()) {
            tally.attempt();
            long t0 = epochNanos.getAsLong();
            long answeredAt;
            PopResult r;
            try {
                r = pop.pop();
                if (r == null) continue;
                answeredAt = epochNanos.getAsLong();
                backoff.onSuccess();
            } catch (QueenException e) {
                ErrorKind kind = QueenException.classify(e);
                boolean stopping = life.stopping();
                if (kind == ErrorKind.CANCELED) {
                    tally.canceled();
                    if (stopping || policy.exitOnCanceledPop()) return;
                } else {
                    tally.failed(e);
                }
                if (stopping || backoff.afterFailure(kind)) {
                    return;
                }
                continue;
            }
            tally.answered();
            if (r.empty()) {
                tally.empty();
                if (policy.emptySleepMs() > 0) {
                    life.pause(policy.emptySleepMs());
                }
                continue;
            }
            if (!handler.handle(r.messages(), answeredAt, (answeredAt - t0) / 1000)) {
                return;
            }
        }
    }
}
