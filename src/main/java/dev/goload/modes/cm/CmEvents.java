package dev.goload.modes.cm;

import dev.goload.modes.Stamps;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.UUID;

/**
 * The {@code cm} message body {@code {"prop":N,"flow":"A","seq":N,"ts":µs}} (flow B adds a {@code rates} pad of
 * {@code {"d":"2026-MM-DD","p":float,"a":int}} entries up to {@code -payload-b} bytes), its decoding, the stable
 * transaction ids, and the broker's partition ids of each queue as deliveries reveal them: with the transaction id
 * they are what the message look-up API needs to find a lost message (loss attribution). Thread-safe.
 */
public final class CmEvents {
    /** Flow B's rates pad with the closing brace, encoded once: the bulk (~{@code -payload-b} bytes) of its bodies. */
    private final byte[] ratesTail;
    private final String nonce;
    private final java.util.concurrent.ConcurrentHashMap<String, dev.goload.verify.PartitionIds> partitionIds =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** One popped event. */
    public record Event(int prop, long seq, long tsMicros) {}

    public CmEvents(int payloadBytes, String nonce) {
        this.ratesTail = (",\"rates\":" + rates(payloadBytes) + "}").getBytes(StandardCharsets.UTF_8);
        this.nonce = nonce;
    }

    /** An ingress body; flow B carries the rates pad. */
    public byte[] ingress(char flow, int prop, long seq, long tsMicros) {
        byte[] stamps = stamps(flow, prop, seq, tsMicros);
        if (flow != 'B') return stamps;
        int head = stamps.length - 1; // the pad goes in before the closing brace
        byte[] body = java.util.Arrays.copyOf(stamps, head + ratesTail.length);
        System.arraycopy(ratesTail, 0, body, head, ratesTail.length);
        return body;
    }

    /** A derived body: the four stamp fields carried forward unchanged. */
    public byte[] derived(char flow, Event e) {
        return stamps(flow, e.prop, e.seq, e.tsMicros);
    }

    private static byte[] stamps(char flow, int prop, long seq, long tsMicros) {
        return ("{\"prop\":" + prop + ",\"flow\":\"" + flow + "\",\"seq\":" + seq + ",\"ts\":" + tsMicros + "}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The event in a popped body, or null when {@code prop}/{@code seq} are missing. */
    public static Event decode(byte[] data) {
        long prop = Stamps.readLong(data, "prop");
        long seq = Stamps.readLong(data, "seq");
        if (prop < 0 || prop > Integer.MAX_VALUE || seq < 0) return null;
        return new Event((int) prop, seq, Stamps.readLong(data, "ts"));
    }

    /**
     * The transaction id of (queue, prop, seq) in this run: a name-based UUID, identical on every retry of the same
     * push, so the broker's per-partition dedup suppresses a retry whose first attempt committed unseen (the
     * reference minted a fresh id per attempt: §8.2 item 11). The run nonce keeps reruns on the same queue names
     * from colliding with the previous run's ids inside the dedup window.
     */
    public String transactionId(String queue, int prop, long seq) {
        return UUID.nameUUIDFromBytes((nonce + '/' + queue + '/' + prop + '/' + seq).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    /** A delivery from {@code queue} revealed the id of {@code partition} (a map read once known). */
    public void learnPartition(String queue, String partition, String partitionId) {
        dev.goload.verify.PartitionIds ids = partitionIds.get(queue);
        if (ids == null) ids = partitionIds.computeIfAbsent(queue, q -> new dev.goload.verify.PartitionIds());
        ids.learn(partition, partitionId);
    }

    /** The broker's id of {@code partition} of {@code queue}, null when nothing of it was delivered. */
    public String partitionIdOf(String queue, String partition) {
        dev.goload.verify.PartitionIds ids = partitionIds.get(queue);
        return ids == null ? null : ids.idOf(partition);
    }

    static String rates(int targetBytes) {
        StringBuilder b = new StringBuilder("[");
        int i = 0;
        while (b.length() < targetBytes || i == 0) {
            if (i > 0) b.append(',');
            int month = 1 + (i / 28) % 12, day = 1 + i % 28;
            b.append(String.format(Locale.ROOT, "{\"d\":\"2026-%02d-%02d\",\"p\":%.2f,\"a\":%d}", month, day,
                    80 + (i * 7919 % 12000) / 100.0, i % 9));
            i++;
        }
        return b.append(']').toString();
    }
}
