package dev.goload.modes.app;

import dev.goload.metrics.BackoffStats;
import dev.goload.metrics.ErrorStats;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every counter of an {@code app} run (goload-behavior.md §2.8), cumulative since the start, plus the additions
 * that make the fixed report honest: per-group dead-lettered and <em>settled</em> messages, so the backlog
 * ({@code inflight}) accounts for failed and dead-lettered messages (§8.2 #19b).
 *
 * <p>A message is <b>settled</b> for a group when its completion or dead-lettering is final: its ack succeeded and no
 * {@code failed} ack of the same delivery batch (same partition) made the broker redeliver the batch. Completions
 * that a later failed ack undoes are counted in {@code completed} (as the reference does) but not settled.
 *
 * <p>Threading: increments from any thread (striped adders); {@link #snapshot()} from the reporter.
 */
public final class AppCounters {
    public final LongAdder pushed = new LongAdder();
    public final LongAdder pushDup = new LongAdder();
    public final LongAdder pushErr = new LongAdder();
    /** Items a 2xx push answered {@code failed} (never accepted: the checker will see their seqs missing). */
    public final LongAdder pushItemFailed = new LongAdder();
    public final LongAdder popErr = new LongAdder();
    /** Failed ack <em>calls</em> (the reference's ackErr), and the messages they carried. */
    public final LongAdder ackErr = new LongAdder();
    public final LongAdder ackErrMsgs = new LongAdder();
    public final LongAdder emptyPops = new LongAdder();
    public final LongAdder redeliveries = new LongAdder();
    public final LongAdder txCommits = new LongAdder();
    public final LongAdder txErr = new LongAdder();
    public final LongAdder stage2Pushed = new LongAdder();
    public final LongAdder stage2Acked = new LongAdder();
    public final LongAdder stage2PopErr = new LongAdder();
    public final LongAdder stage2AckErr = new LongAdder();
    public final LongAdder leaseRenews = new LongAdder();
    public final LongAdder leaseRenewErr = new LongAdder();
    /** Messages of another run (left in the queue without {@code -reset}): acked, never judged. */
    public final LongAdder foreign = new LongAdder();
    /** Pauses of the consumers, drainers and producers grown by consecutive connection failures (ErrorBackoff). */
    public final BackoffStats backoff = new BackoffStats();
    /** The failed push, pop (both stages) and ack calls by kind; {@code item_failed}: refused inside a 2xx answer. */
    public final ErrorStats pushErrors = new ErrorStats();
    public final ErrorStats popErrors = new ErrorStats();
    public final ErrorStats ackErrors = new ErrorStats();
    public final LongAdder[] popped;
    public final LongAdder[] completed;
    public final LongAdder[] failed;
    public final LongAdder[] deadLettered;
    public final LongAdder[] settled;

    public AppCounters(int groups) {
        popped = adders(groups);
        completed = adders(groups);
        failed = adders(groups);
        deadLettered = adders(groups);
        settled = adders(groups);
    }

    /** Each error family by kind, in the order push, pop, ack. */
    public Map<String, ErrorStats.Snapshot> errorsByKind() {
        return ErrorStats.families(pushErrors, popErrors, ackErrors);
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

    public Snapshot snapshot() {
        return new Snapshot(pushed.sum(), pushDup.sum(), pushErr.sum(), pushItemFailed.sum(), popErr.sum(),
                ackErr.sum(), ackErrMsgs.sum(), emptyPops.sum(), redeliveries.sum(), txCommits.sum(), txErr.sum(),
                stage2Pushed.sum(), stage2Acked.sum(), stage2PopErr.sum(), stage2AckErr.sum(), leaseRenews.sum(),
                leaseRenewErr.sum(), foreign.sum(), backoff.backoffs(), backoff.backoffMillis(), sums(popped),
                sums(completed), sums(failed), sums(deadLettered), sums(settled));
    }

    /** Cumulative values at one instant (not atomic across counters). */
    public record Snapshot(long pushed, long pushDup, long pushErr, long pushItemFailed, long popErr, long ackErr,
                           long ackErrMsgs, long emptyPops, long redeliveries, long txCommits, long txErr,
                           long stage2Pushed, long stage2Acked, long stage2PopErr, long stage2AckErr,
                           long leaseRenews, long leaseRenewErr, long foreign, long backoffs, long backoffMillis,
                           long[] popped, long[] completed,
                           long[] failed, long[] deadLettered, long[] settled) {

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

        /** New messages pushed (duplicates of an existing message are not new). */
        public long newMessages() {
            return pushed - pushDup;
        }

        /** Group {@code g}'s backlog: new messages pushed that it has not settled yet (delivered or not). */
        public long backlog(int g) {
            return Math.max(0, newMessages() - settled[g]);
        }

        /** The report's {@code inflight}: Σ over groups of {@link #backlog(int)}. */
        public long inflight() {
            long t = 0;
            for (int g = 0; g < settled.length; g++) t += backlog(g);
            return t;
        }

        /** What the drain watches: consume progress of every group and stage 2. */
        public long consumeProgress() {
            return completedAll() + failedAll() + deadLetteredAll() + stage2Acked;
        }
    }
}
