package dev.goload.modes.consume;

import dev.goload.config.ConsumerOptions;
import dev.goload.metrics.RunCounters;
import java.util.Optional;

/**
 * A loader-bound run whose requests were mostly empty pops: the consumers polled an idle queue (each empty answer is
 * followed by {@code -empty-sleep}, 2 ms by default, then the next pop), and that polling, not the offered load, is
 * where a quiet run's loader CPU goes: at {@code -rate 100} against {@code -embedded}, 150 consumers sent about
 * 19,000 empty pops a second and the process held both cores. The figures are counted, not estimated; the console
 * names the flags that send fewer ({@code -pop-wait}, {@code -consumers}, {@code -empty-sleep}).
 *
 * @param emptyPops    pops answered with no message
 * @param perSecond    of them, per second of the run
 * @param share        their share of the run's requests (push requests sent, pops answered or failed, ack calls)
 * @param consumers    consumer tasks
 * @param emptySleepMs the sleep after an empty pop
 * @param popWait      long-poll pops
 */
public record EmptyPolling(long emptyPops, double perSecond, double share, int consumers, int emptySleepMs,
                           boolean popWait) {

    /** Share of the requests the empty pops must exceed. */
    public static final double MIN_SHARE = 0.5;
    /** Empty pops a second below which polling is too cheap to matter. */
    public static final double MIN_PER_SECOND = 1_000;

    /**
     * The run's empty polling when the run was loader-bound and empty pops were more than {@link #MIN_SHARE} of its
     * requests at {@link #MIN_PER_SECOND} or more; else empty.
     */
    public static Optional<EmptyPolling> of(boolean loaderBound, RunCounters.Snapshot t, double seconds,
                                            ConsumerOptions c) {
        if (!loaderBound || seconds <= 0 || t.emptyPops() == 0) return Optional.empty();
        long requests = t.sentReq() + t.popCalls() + t.popErr() + t.ackCalls();
        if (requests <= 0) return Optional.empty();
        double share = t.emptyPops() / (double) requests;
        double perSecond = t.emptyPops() / seconds;
        if (share <= MIN_SHARE || perSecond < MIN_PER_SECOND) return Optional.empty();
        return Optional.of(new EmptyPolling(t.emptyPops(), perSecond, share, c.consumers(), c.emptySleepMs(),
                c.popWait()));
    }
}
