package dev.goload.verify;

import java.util.List;

/**
 * The outcome of the {@code cm} ordered-pipeline verifier: one row per stage, in {@link CmStage#standard} order.
 * The run passes iff every stage passes.
 *
 * @param dir               the log directory verified
 * @param runAckErr         run-wide failed acks (the header figure)
 * @param perStageAckErrors whether ack failures were attributed per stage (false: logs without
 *                          {@code stage-ackerr.meta}, the run-wide figure applies to every stage)
 * @param base              lowest sequence of every property (0 with warm-up)
 */
public record CmVerdict(String dir, long runAckErr, boolean perStageAckErrors, int base, List<CmStageRow> rows) {
    public CmVerdict {
        rows = List.copyOf(rows);
    }

    public boolean passed() {
        return rows.stream().allMatch(CmStageRow::passed);
    }

    public long msgs() { return rows.stream().mapToLong(CmStageRow::msgs).sum(); }

    public long unique() { return rows.stream().mapToLong(CmStageRow::unique).sum(); }

    public long dups() { return rows.stream().mapToLong(CmStageRow::dups).sum(); }

    public long gaps() { return rows.stream().mapToLong(CmStageRow::gaps).sum(); }

    public long viols() { return rows.stream().mapToLong(CmStageRow::viols).sum(); }

    public long inflight() { return rows.stream().mapToLong(CmStageRow::inflight).sum(); }

    public long absent() { return rows.stream().mapToLong(CmStageRow::absent).sum(); }

    public long errors() { return rows.stream().filter(r -> r.error() != null).count(); }
}
