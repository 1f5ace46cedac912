package dev.goload.modes.app;

import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.RunCounters;
import java.util.concurrent.atomic.LongAdder;

/**
 * app's own counters (goload-behavior.md §2.8), cumulative since the start: per consumer group popped, completed,
 * failed, dead-lettered and <em>settled</em> messages (so the backlog, {@code inflight}, accounts for failed and
 * dead-lettered messages: §8.2 #19b), transactions, stage 2, lease renewals, redeliveries and foreign messages. The
 * figures every mode shares — pushes, duplicates, item failures, pops, empty pops, acked and not-acked messages,
 * error kinds, backoffs — live in the run's {@link RunCounters}.
 *
 * <p>A message is <b>settled</b> for a group when its completion or dead-lettering is final: its ack succeeded and no
 * {@code failed} ack of the same delivery batch (same partition) made the broker redeliver the batch. Completions
 * that a later failed ack undoes are counted in {@code completed} (as the reference does) but not settled.
 *
 * <p>Threading: increments from any thread (striped adders); {@link #snapshot} from the reporter.
 */
public final class AppCounters {
    /** Failed ack <em>calls</em> of stage 1 (the reference's per-call ackErr; the messages are the common ackErr). */
    public final LongAdder ackErrCalls = new LongAdder();
    public final LongAdder redeliveries = new LongAdder();
    public final LongAdder txCommits = new LongAdder();
    public final LongAdder txErr = new LongAdder();
    public final LongAdder stage2Pushed = new LongAdder();
    public final LongAdder stage2Acked = new LongAdder();
    public final LongAdder stage2PopErr = new LongAdder();
    public final LongAdder stage2AckErr = new LongAdder();
    /** Stage 2's failed pops and ack calls by kind: the record's {@code errors.stage2Pop} and {@code stage2Ack}. */
    public final ErrorStats stage2PopErrors;
    public final ErrorStats stage2AckErrors;
    public final LongAdder leaseRenews = new LongAdder();
    public final LongAdder leaseRenewErr = new LongAdder();
    /** Messages of another run (left in the queue without {@code -reset}): acked, never judged. */
    public final LongAdder foreign = new LongAdder();
    public final LongAdder[] popped;
    public final LongAdder[] completed;
    public final LongAdder[] failed;
    public final LongAdder[] deadLettered;
    public final LongAdder[] settled;

    /** Registers stage 2's error families in {@code run} (the common counters count stage 1 only). */
    public AppCounters(int groups, RunCounters run) {
        stage2PopErrors = run.family("stage2Pop");
        stage2AckErrors = run.family("stage2Ack");
        popped = adders(groups);
        completed = adders(groups);
        failed = adders(groups);
        deadLettered = adders(groups);
        settled = adders(groups);
    }

    private static LongAdder[] adders(int n) {
        LongAdder[] a = new LongAdder[n];
        for (int i = 0; i < n; i++) a[i] = new LongAdder();
        return a;
    }

    private static long[] sums(LongAdder[] a) {
        long[] s = new long[a.length];
        for (int i = 0; i < a.length; i++) s[i] = a[i].sum();
        return s;
    }

    private static long total(long[] a) {
        long t = 0;
        for (long v : a) t += v;
        return t;
    }

    /**
     * @param newMessages the messages pushed that were new (the common {@code pushedMsgs − itemDuplicate}), which the
     *                    backlog is taken from
     * @param violations  the order checker's violations so far
     */
    public Snapshot snapshot(long newMessages, long violations) {
        return new Snapshot(ackErrCalls.sum(), redeliveries.sum(), txCommits.sum(), txErr.sum(), stage2Pushed.sum(),
                stage2Acked.sum(), stage2PopErr.sum(), stage2AckErr.sum(), leaseRenews.sum(), leaseRenewErr.sum(),
                foreign.sum(), newMessages, violations, sums(popped), sums(completed), sums(failed),
                sums(deadLettered), sums(settled));
    }

    /** What the drain watches: consume progress of every group and stage 2. */
    long consumeProgress() {
        long p = stage2Acked.sum();
        for (int g = 0; g < completed.length; g++) {
            p += completed[g].sum() + failed[g].sum() + deadLettered[g].sum();
        }
        return p;
    }

    /**
     * app's figures at one instant (not atomic across counters), the mode part of every interval.
     *
     * @param newMessages new messages pushed (from the common counters), for the backlog
     * @param violations  the order checker's violations so far
     */
    public record Snapshot(long ackErrCalls, long redeliveries, long txCommits, long txErr, long stage2Pushed,
                           long stage2Acked, long stage2PopErr, long stage2AckErr, long leaseRenews,
                           long leaseRenewErr, long foreign, long newMessages, long violations, long[] popped,
                           long[] completed, long[] failed, long[] deadLettered, long[] settled) {

        public long poppedAll() {
            return total(popped);
        }

        public long completedAll() {
            return total(completed);
        }

        public long failedAll() {
            return total(failed);
        }

        public long deadLetteredAll() {
            return total(deadLettered);
        }

        /** Group {@code g}'s backlog: new messages pushed that it has not settled yet (delivered or not). */
        public long backlog(int g) {
            return Math.max(0, newMessages - settled[g]);
        }

        /** The report's {@code inflight}: Σ over groups of {@link #backlog(int)}. */
        public long inflight() {
            long t = 0;
            for (int g = 0; g < settled.length; g++) t += backlog(g);
            return t;
        }
    }
}
