package dev.goload.modes.app;

import dev.goload.modes.Stamps;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code app} message bodies of one run (wire-compatible with the reference, §8.3): stage 1
 * {@code {"pushTs":<epoch ns>,"seq":N,"poison":b,"slow":b,"data":"x…","src":"appload","run":"<run id>"}} and
 * stage 2 {@code {"pushTs":<epoch ns>,"src":"stage1->stage2","data":"x"×64}}. {@code run} is a goload-java
 * addition: messages another run left in the queue are recognised and never judged by the order checker.
 *
 * <p>Immutable and thread-safe. The run-dependent bytes are encoded once here because {@link #stage1} runs once per
 * pushed message and {@link #read} once per delivered one (a raw byte scan, see {@link Stamps}).
 */
public final class AppPayload {
    private static final int MAX_DATA = 1 << 20;
    private static final byte[] XS = new byte[MAX_DATA];
    private static final byte[] POISON = "\"poison\":true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SLOW = "\"slow\":true".getBytes(StandardCharsets.US_ASCII);

    static {
        Arrays.fill(XS, (byte) 'x');
    }

    /** What follows the data string of a stage-1 body. */
    private final byte[] tail;
    /** {@code "run":"<run id>"}: how a delivery is recognised as this run's. */
    private final byte[] runTag;

    public AppPayload(String runId) {
        this.tail = ("\",\"src\":\"appload\",\"run\":\"" + runId + "\"}").getBytes(StandardCharsets.UTF_8);
        this.runTag = ("\"run\":\"" + runId + "\"").getBytes(StandardCharsets.UTF_8);
    }

    /** A stage-1 message body. */
    public byte[] stage1(long pushTsNanos, long seq, boolean poison, boolean slow, int dataLen) {
        int n = Math.min(Math.max(0, dataLen), MAX_DATA);
        byte[] h = ("{\"pushTs\":" + pushTsNanos + ",\"seq\":" + seq + ",\"poison\":" + poison + ",\"slow\":" + slow
                + ",\"data\":\"").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[h.length + n + tail.length];
        System.arraycopy(h, 0, out, 0, h.length);
        System.arraycopy(XS, 0, out, h.length, n);
        System.arraycopy(tail, 0, out, h.length + n, tail.length);
        return out;
    }

    /** The stage-2 message a transaction pushes. */
    public static byte[] stage2(long pushTsNanos) {
        return ("{\"pushTs\":" + pushTsNanos + ",\"src\":\"stage1->stage2\",\"data\":\"" + "x".repeat(64) + "\"}")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** The decoded stamps of a delivered stage-1 message; {@code seq < 0} when absent. */
    public record Stamp(long pushTs, long seq, boolean poison, boolean slow, boolean ours) {}

    public Stamp read(byte[] json) {
        return new Stamp(Stamps.readLong(json, "pushTs"), Stamps.readLong(json, "seq"), contains(json, POISON),
                contains(json, SLOW), contains(json, runTag));
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        if (hay == null) return false;
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) continue outer;
            }
            return true;
        }
        return false;
    }
}
