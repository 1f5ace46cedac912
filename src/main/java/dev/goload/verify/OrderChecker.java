package dev.goload.verify;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The online per-partition order checker of {@code -mode app} (goload-behavior.md §3.4). Per (consumer group,
 * partition) it keeps the next expected sequence number, starting at 0:
 * <ul>
 *   <li>{@code seq == expected}: in order, expected advances;</li>
 *   <li>{@code seq < expected}: a redelivery (at-least-once; counted as a dup, never a failure);</li>
 *   <li>{@code seq > expected}: a <b>violation</b> — sequence numbers were skipped (loss) or arrive out of order;
 *       counted, sampled (first {@value #MAX_SAMPLES}), and expected resyncs to {@code seq + 1}.</li>
 * </ul>
 * A reorder (…, 2, 1) therefore shows as one violation plus one dup; a gap (0, 2) as one violation.
 *
 * <p><b>Bounded memory.</b> At most {@code capacity} partitions are tracked per group; beyond that the partition
 * seen least recently is forgotten ({@link OrderVerdict#evicted()}). Once anything was evicted, a partition seen for
 * the first time at {@code seq > 0} may be a forgotten one, so it is resynced and counted as
 * {@link OrderVerdict#unjudged()} instead of failing the run; before any eviction it is a violation (its head is
 * missing). About 100 bytes per tracked partition.
 *
 * <p>Threading: {@link #observe} may be called from any number of threads; partitions are spread over
 * independently locked stripes. Callers must observe one partition's deliveries in delivery order — which a
 * partition lease guarantees (one consumer per partition and group at a time).
 */
public final class OrderChecker implements OrderObserver {
    public static final int MAX_SAMPLES = 20;
    private static final int STRIPES = 16;

    private final List<String> groups;
    private final Stripe[][] stripes;
    private final LongAdder inOrder = new LongAdder();
    private final LongAdder dups = new LongAdder();
    private final LongAdder violations = new LongAdder();
    private final LongAdder unjudged = new LongAdder();
    private final AtomicLong evicted = new AtomicLong();
    private final List<String> samples = new ArrayList<>();

    /**
     * @param groups   group names, indexed as {@link #observe} is called
     * @param capacity partitions tracked per group (≥ 1)
     */
    public OrderChecker(List<String> groups, int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be >= 1");
        this.groups = List.copyOf(groups);
        int perStripe = Math.max(1, (capacity + STRIPES - 1) / STRIPES);
        this.stripes = new Stripe[groups.size()][STRIPES];
        for (Stripe[] g : stripes) {
            for (int i = 0; i < STRIPES; i++) g[i] = new Stripe(perStripe, evicted);
        }
    }

    /** One delivery of {@code seq} of {@code partition} to consumer group {@code group}. */
    @Override
    public void observe(int group, String partition, long seq, int retry) {
        Stripe st = stripes[group][(partition.hashCode() & 0x7fffffff) % STRIPES];
        long expected;
        boolean known;
        synchronized (st) {
            long[] e = st.map.get(partition);
            known = e != null;
            expected = known ? e[0] : 0;
            if (seq == expected) {
                if (known) e[0] = seq + 1;
                else st.map.put(partition, new long[] {seq + 1});
                inOrder.increment();
                return;
            }
            if (seq < expected) {
                dups.increment();
                return;
            }
            if (known) e[0] = seq + 1;
            else st.map.put(partition, new long[] {seq + 1});
        }
        if (!known && evicted.get() > 0) {
            unjudged.increment();
            return;
        }
        violations.increment();
        synchronized (samples) {
            if (samples.size() < MAX_SAMPLES) {
                samples.add(String.format(Locale.ROOT, "%s part=%s expected=%d got=%d gap=%d retry=%d", groups.get(group),
                        partition, expected, seq, seq - expected, retry));
            }
        }
    }

    /** The figures so far; PASS iff there is no violation and at least one delivery was checked. */
    public OrderVerdict verdict() {
        List<String> s;
        synchronized (samples) {
            s = List.copyOf(samples);
        }
        return OrderVerdict.of(inOrder.sum(), dups.sum(), violations.sum(), unjudged.sum(), evicted.get(), s);
    }

    /** A least-recently-seen map of partition → {next expected seq}; guarded by its own monitor. */
    private static final class Stripe {
        final Map<String, long[]> map;

        Stripe(int capacity, AtomicLong evicted) {
            this.map = new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, long[]> eldest) {
                    if (size() > capacity) {
                        evicted.incrementAndGet();
                        return true;
                    }
                    return false;
                }
            };
        }
    }
}
