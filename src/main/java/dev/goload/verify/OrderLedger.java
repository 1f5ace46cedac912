package dev.goload.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code order} gate's checker (goload-behavior.md §2.5, §3.4) for sequences {@code 1..messages} pushed by one
 * sequential producer, {@code p = "p" + (s mod partitions)}:
 * <ul>
 *   <li>LOSS — a sequence whose push succeeded and that was never delivered; the range checked is the sequences
 *       actually sent (a failed push is not reported missing, and the highest sequences are always checked);</li>
 *   <li>DUPLICATION — a sequence delivered more than once;</li>
 *   <li>ORDER — a <em>first</em> delivery of a sequence after a higher sequence of the same partition was delivered;
 *       a redelivery (of the last sequence or of an earlier batch) is a duplicate, never an order violation.</li>
 * </ul>
 * Counts are exact; only the example lists are capped at {@value #MAX_EXAMPLES}. Memory: one byte per sequence.
 *
 * <p>Threading: {@link #delivered} is synchronized (consumers call it concurrently); push outcomes are recorded by
 * the single producer; {@link #verdict} after both stopped.
 */
public final class OrderLedger {
    public static final int MAX_EXAMPLES = 100;

    /** One ordering violation, printed Go-style as {@code {Partition:p1 Prev:5 Got:4}}. */
    public record Violation(String partition, long prev, long got) {
        @Override
        public String toString() {
            return "{Partition:" + partition + " Prev:" + prev + " Got:" + got + "}";
        }
    }

    private final int messages;
    private final byte[] deliveries;
    private final boolean[] pushFailed;
    private final Map<String, Long> lastFirst = new HashMap<>();
    private final List<Violation> violations = new ArrayList<>();
    private long violationCount, delivered, outOfRange;
    private int lastSent;

    public OrderLedger(int messages) {
        this.messages = messages;
        this.deliveries = new byte[messages + 1];
        this.pushFailed = new boolean[messages + 1];
    }

    /** The producer attempted sequence {@code s} (in ascending order); {@code ok} = the broker accepted it. */
    public void sent(int s, boolean ok) {
        lastSent = Math.max(lastSent, s);
        if (!ok) pushFailed[s] = true;
    }

    /** One delivery of sequence {@code s} from partition {@code p}. */
    public synchronized void delivered(String p, long s) {
        delivered++;
        if (s < 1 || s > messages) {
            outOfRange++;
            return;
        }
        int i = (int) s;
        boolean first = deliveries[i] == 0;
        if (deliveries[i] < Byte.MAX_VALUE) deliveries[i]++;
        if (!first) return;
        Long prev = lastFirst.get(p);
        if (prev != null && s < prev) {
            violationCount++;
            if (violations.size() < MAX_EXAMPLES) violations.add(new Violation(p, prev, s));
        } else {
            lastFirst.put(p, s);
        }
    }

    public synchronized long deliveredCount() {
        return delivered;
    }

    /**
     * Whether every sequence sent so far whose push succeeded has been delivered at least once: what the drain waits
     * for. Not {@code deliveredCount() >= pushed}: a redelivery or a stale message would stand in for a sequence
     * still in flight, end the drain early and report it lost. Call from the producer's thread.
     */
    public synchronized boolean everySentDelivered() {
        for (int s = 1; s <= lastSent; s++) {
            if (!pushFailed[s] && deliveries[s] == 0) return false;
        }
        return true;
    }

    /** The first {@code max} missing sequences (push accepted, never delivered), ascending (loss attribution). */
    public synchronized long[] missingSeqs(int max) {
        long[] out = new long[max];
        int n = 0;
        for (int s = 1; s <= lastSent && n < max; s++) {
            if (!pushFailed[s] && deliveries[s] == 0) out[n++] = s;
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** Whether sequence {@code s} was delivered at least once (so the broker stored it). */
    public synchronized boolean wasDelivered(long s) {
        return s >= 1 && s <= messages && deliveries[(int) s] > 0;
    }

    /** The checker's result over the sequences actually sent. */
    public synchronized Result result() {
        long missing = 0, dups = 0, failedPushes = 0, ambiguous = 0;
        List<Long> missingFirst = new ArrayList<>(), dupFirst = new ArrayList<>();
        for (int s = 1; s <= lastSent; s++) {
            if (pushFailed[s]) {
                failedPushes++;
                if (deliveries[s] > 0) ambiguous++; // the failed push had committed after all
            } else if (deliveries[s] == 0) {
                missing++;
                if (missingFirst.size() < MAX_EXAMPLES) missingFirst.add((long) s);
            }
            if (deliveries[s] > 1) {
                dups++;
                if (dupFirst.size() < MAX_EXAMPLES) dupFirst.add((long) s);
            }
        }
        return new Result(lastSent, failedPushes, ambiguous, missing, missingFirst, dups, dupFirst, violationCount,
                List.copyOf(violations), outOfRange);
    }

    /**
     * @param lastSent     highest sequence the producer attempted
     * @param failedPushes sequences whose push failed (not expected; reported as a failure of the gate on their own)
     * @param ambiguous    failed pushes that were delivered anyway (committed despite the error)
     * @param outOfRange   deliveries of sequences never produced by this run (a stale queue)
     */
    public record Result(long lastSent, long failedPushes, long ambiguous, long missing, List<Long> missingFirst,
                         long duplicates, List<Long> duplicateFirst, long outOfOrder, List<Violation> outOfOrderFirst,
                         long outOfRange) {}
}
