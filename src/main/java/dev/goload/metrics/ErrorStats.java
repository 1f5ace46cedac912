package dev.goload.metrics;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * One error family of a run ({@code push}, {@code pop}, {@code ack}, {@code configure}) as the reference records it
 * (queen-wire.md §B.2 "error classification"): a total, counts by kind and by proxy code ({@code "429/rate_limited"},
 * {@code "403/cluster_suspended"}, or the bare status), Retry-After statistics, and the first message per kind
 * (≤ 240 bytes). A cancelled call is counted by kind but never in the total and keeps no message.
 *
 * <p>Threading: {@link #record} is safe from any number of threads; {@link #snapshot()} from any thread.
 */
public final class ErrorStats {
    static final int MAX_MESSAGE_BYTES = 240;
    /** The kind of a call cut by the run's own stop: counted by kind, never as a failure. */
    public static final String CANCELED = "canceled";
    /** The kind of a call the broker answered with some of its items not done (a push not accepted, an ack not acked). */
    public static final String ITEM_FAILED = "item_failed";

    /** The family at one instant; maps are sorted by key (the reference's Go maps print and serialize sorted). */
    public record Snapshot(long total, Map<String, Long> byKind, Map<String, Long> byCode, long retryAfterSamples,
                           double retryAfterAvgSec, double retryAfterMaxSec, Map<String, String> firstMessage) {

        public long kind(String label) {
            return byKind.getOrDefault(label, 0L);
        }
    }

    private final LongAdder total = new LongAdder();
    private final Map<String, LongAdder> byKind = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> byCode = new ConcurrentHashMap<>();
    private final Map<String, String> first = new ConcurrentHashMap<>();
    private final LongAdder retryAfterSamples = new LongAdder();
    private final DoubleAdder retryAfterSum = new DoubleAdder();
    private final AtomicLong retryAfterMaxBits = new AtomicLong(Double.doubleToLongBits(0));

    /**
     * Records one failed call, already classified.
     *
     * @param kind              the error kind's label ({@code timeout}, {@code http_5xx}, …); {@value #CANCELED} is
     *                          counted by kind only (never in the total, no message)
     * @param status            the HTTP status, 0 when there was no answer
     * @param codeKey           the proxy code key ({@code "429/rate_limited"}) or bare status; ignored when status is 0
     * @param retryAfterSeconds the answer's Retry-After, NaN when none
     */
    public void record(String kind, int status, String codeKey, double retryAfterSeconds, String message) {
        if (CANCELED.equals(kind)) {
            byKind.computeIfAbsent(kind, k -> new LongAdder()).increment();
            return;
        }
        total.increment();
        byKind.computeIfAbsent(kind, k -> new LongAdder()).increment();
        if (status != 0) {
            byCode.computeIfAbsent(codeKey, k -> new LongAdder()).increment();
        }
        double ra = retryAfterSeconds;
        if (!Double.isNaN(ra) && ra >= 0) {
            retryAfterSamples.increment();
            retryAfterSum.add(ra);
            long bits;
            do {
                bits = retryAfterMaxBits.get();
                if (Double.longBitsToDouble(bits) >= ra) {
                    break;
                }
            } while (!retryAfterMaxBits.compareAndSet(bits, Double.doubleToLongBits(ra)));
        }
        first.putIfAbsent(kind, clip(String.valueOf(message)));
    }

    /**
     * Records one call cut by the run's own stop, whatever its failure said (an ack failing after the run's cut-off
     * reads as a closed connection): kind {@value #CANCELED}, never in the total.
     */
    public void canceled() {
        byKind.computeIfAbsent(CANCELED, k -> new LongAdder()).increment();
    }

    /** Records a failure that is not an exception (e.g. {@code item_failed} inside a 2xx answer). */
    public void record(String kind, String message) {
        total.increment();
        byKind.computeIfAbsent(kind, k -> new LongAdder()).increment();
        first.putIfAbsent(kind, clip(message == null ? "" : message));
    }

    /** The three families of a consuming mode by name, in report order: push, pop, ack. */
    public static Map<String, Snapshot> families(ErrorStats push, ErrorStats pop, ErrorStats ack) {
        Map<String, Snapshot> m = new java.util.LinkedHashMap<>();
        m.put("push", push.snapshot());
        m.put("pop", pop.snapshot());
        m.put("ack", ack.snapshot());
        return m;
    }

    public long total() {
        return total.sum();
    }

    /** Calls recorded under the kind {@code label}. */
    public long kind(String label) {
        LongAdder a = byKind.get(label);
        return a == null ? 0 : a.sum();
    }

    public Snapshot snapshot() {
        Map<String, Long> kinds = new TreeMap<>();
        byKind.forEach((k, v) -> kinds.put(k, v.sum()));
        Map<String, Long> codes = new TreeMap<>();
        byCode.forEach((k, v) -> codes.put(k, v.sum()));
        long n = retryAfterSamples.sum();
        double avg = n == 0 ? 0 : retryAfterSum.sum() / n;
        return new Snapshot(total.sum(), kinds, codes, n, avg, Double.longBitsToDouble(retryAfterMaxBits.get()),
                new TreeMap<>(first));
    }

    /** At most 240 UTF-8 bytes, cut on a character boundary. */
    static String clip(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length <= MAX_MESSAGE_BYTES) {
            return s;
        }
        int end = MAX_MESSAGE_BYTES;
        while (end > 0 && (b[end] & 0xC0) == 0x80) {
            end--;
        }
        return new String(b, 0, end, StandardCharsets.UTF_8);
    }
}
