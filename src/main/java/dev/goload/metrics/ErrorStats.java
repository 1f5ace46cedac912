package dev.goload.metrics;

import dev.goload.client.ErrorKind;
import dev.goload.client.QueenException;
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

    /** Records one failed call. */
    public void record(QueenException e) {
        ErrorKind kind = QueenException.classify(e);
        if (kind == ErrorKind.CANCELED) {
            byKind.computeIfAbsent(kind.label(), k -> new LongAdder()).increment();
            return;
        }
        total.increment();
        byKind.computeIfAbsent(kind.label(), k -> new LongAdder()).increment();
        if (e.status() != 0) {
            byCode.computeIfAbsent(e.codeKey(), k -> new LongAdder()).increment();
        }
        double ra = e.retryAfterSeconds();
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
        first.putIfAbsent(kind.label(), clip(String.valueOf(e.getMessage())));
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

    public long kind(ErrorKind k) {
        LongAdder a = byKind.get(k.label());
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
