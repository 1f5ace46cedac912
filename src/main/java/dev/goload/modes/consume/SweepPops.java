package dev.goload.modes.consume;

import dev.goload.client.PopRequest;
import dev.goload.client.PopResult;
import dev.goload.pace.NanoClock;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntPredicate;

/**
 * The pop shape of cm's targeted consumers (goload-behavior.md §2.6): a worker sweeps the partitions it owns with
 * non-waiting partition pops, skipping those whose batch is still in work (leased by us: a re-pop would only come back
 * empty), and makes each sweep last at least {@code floorMs}. To the {@link ConsumerLoop} it is just the next pop;
 * {@link #current()} tells the handler whose partition the batch is.
 *
 * <p>Threading: one instance per consumer thread.
 */
public final class SweepPops implements PopCall {
    private final List<PopRequest> owned;
    private final Function<PopRequest, PopResult> pop;
    private final IntPredicate inWork;
    private final long floorMs;
    private final Lifetime life;
    private final NanoClock clock;
    private int next;
    private int current = -1;
    private long sweepStart;

    public SweepPops(List<PopRequest> owned, Function<PopRequest, PopResult> pop, IntPredicate inWork, long floorMs,
                     Lifetime life, NanoClock clock) {
        this.owned = List.copyOf(owned);
        this.pop = pop;
        this.inWork = inWork;
        this.floorMs = floorMs;
        this.life = life;
        this.clock = clock;
        this.sweepStart = clock.nanoTime();
    }

    /** The index (in {@code owned}) of the partition the last pop went to. */
    public int current() {
        return current;
    }

    @Override
    public PopResult pop() {
        for (;;) {
            if (next == owned.size()) {
                long left = floorMs - (clock.nanoTime() - sweepStart) / 1_000_000;
                if (left > 0) {
                    life.pause(left);
                }
                next = 0;
                sweepStart = clock.nanoTime();
                if (life.stopping()) {
                    return null; // no pop made: the loop sees the stop
                }
            }
            int i = next++;
            if (inWork.test(i)) {
                continue;
            }
            current = i;
            return pop.apply(owned.get(i));
        }
    }
}
