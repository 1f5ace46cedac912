package dev.goload.modes.consume;

import dev.goload.config.ConsumerOptions;
import dev.goload.metrics.RunCounters;
import java.util.Optional;

/**
 * A loader-bound run whose requests were mostly empty pops: the consumers polled an idle queue (each empty answer is
 * followed by {@code -empty-sleep}, 2 ms by default, then the next pop), and that polling, not the offered load, is
 * where a quiet run's loader CPU goes: at {@code -rate 100} against {@code -embedded}, 150 consumers sent 21,433 empty
 * pops a second and the process held both cores (docs/openloop.md). The figures are counted, not estimated; the
 * console names the flags that send fewer ({@code -pop-wait}, {@code -consumers}, {@code -empty-sleep}).
 *
 * @param emptyPops pops answered with no message
 * @param requests  the run's requests: push requests sent, pops answered or failed, ack calls
 * @param seconds   the run's length
 * @param consumers the consumers that polled
 */
public record EmptyPolling(long emptyPops, long requests, double seconds, ConsumerOptions consumers) {

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
        var p = new EmptyPolling(t.emptyPops(), t.sentReq() + t.popCalls() + t.popErr() + t.ackCalls(), seconds, c);
        return p.share() > MIN_SHARE && p.perSecond() >= MIN_PER_SECOND ? Optional.of(p) : Optional.empty();
    }

    /** Empty pops per second of the run. */
    public double perSecond() {
        return emptyPops / seconds;
    }

    /** The empty pops' share of the run's requests. */
    public double share() {
        return emptyPops / (double) requests;
    }
}
