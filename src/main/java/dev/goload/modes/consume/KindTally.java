package dev.goload.modes.consume;

import dev.goload.client.AckResult;
import dev.goload.client.QueenException;
import dev.goload.metrics.ErrorStats;
import dev.goload.modes.Errors;

/**
 * A mode's plain counters ({@link AdderTally}) plus every failed pop and ack call by kind ({@link ErrorStats}), so a
 * run that counts errors can also say why (order, app, cm; tenants for its pops).
 *
 * <p>Threading: adders and {@link ErrorStats} only.
 */
public final class KindTally implements PopTally, AckTally {
    private final AdderTally counts;
    private final ErrorStats popErrors;
    private final ErrorStats ackErrors;

    public KindTally(AdderTally counts) {
        this(counts, new ErrorStats(), new ErrorStats());
    }

    /** Recording into the mode's own families (shared by several loops of one run). */
    public KindTally(AdderTally counts, ErrorStats popErrors, ErrorStats ackErrors) {
        this.counts = counts;
        this.popErrors = popErrors;
        this.ackErrors = ackErrors;
    }

    public ErrorStats popErrors() {
        return popErrors;
    }

    public ErrorStats ackErrors() {
        return ackErrors;
    }

    @Override
    public void answered() {
        counts.answered();
    }

    @Override
    public void empty() {
        counts.empty();
    }

    @Override
    public void failed(QueenException e) {
        counts.failed(e);
        Errors.record(popErrors, e);
    }

    @Override
    public void answered(int size, AckResult r, long micros) {
        counts.answered(size, r, micros);
    }

    @Override
    public void failed(int size, QueenException e, long micros) {
        counts.failed(size, e, micros);
        Errors.record(ackErrors, e);
    }

    @Override
    public void unbuildable(int size, RuntimeException e) {
        counts.unbuildable(size, e);
        ackErrors.record("other", String.valueOf(e));
    }
}
