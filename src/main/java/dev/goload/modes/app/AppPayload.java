package dev.goload.modes.app;

import dev.goload.modes.Stamps;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code app} message bodies (wire-compatible with the reference, §8.3): stage 1
 * {@code {"pushTs":<epoch ns>,"seq":N,"poison":b,"slow":b,"data":"x…","src":"appload","run":"<run id>"}} and
 * stage 2 {@code {"pushTs":<epoch ns>,"src":"stage1->stage2","data":"x"×64}}. {@code run} is a goload-java
 * addition: messages another run left in the queue are recognised and never judged by the order checker.
 *
 * <p>Stateless; the readers scan raw bytes (see {@link Stamps}) because they run once per delivered message.
 */
public final class AppPayload {
    private static final int MAX_DATA = 1 << 20;
    private static final byte[] XS = new byte[MAX_DATA];

    static {
        Arrays.fill(XS, (byte) 'x');
    }

    private AppPayload() {}

    /** A stage-1 message body. */
    public static byte[] stage1(long pushTsNanos, long seq, boolean poison, boolean slow, int dataLen, String runId) {
        int n = Math.min(Math.max(0, dataLen), MAX_DATA);
        String head = "{\"pushTs\":" + pushTsNanos + ",\"seq\":" + seq + ",\"poison\":" + poison + ",\"slow\":" + slow
                + ",\"data\":\"";
        String tail = "\",\"src\":\"appload\",\"run\":\"" + runId + "\"}";
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        byte[] t = tail.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[h.length + n + t.length];
        System.arraycopy(h, 0, out, 0, h.length);
        System.arraycopy(XS, 0, out, h.length, n);
        System.arraycopy(t, 0, out, h.length + n, t.length);
        return out;
    }

    /** The stage-2 message a transaction pushes. */
    public static byte[] stage2(long pushTsNanos) {
        return ("{\"pushTs\":" + pushTsNanos + ",\"src\":\"stage1->stage2\",\"data\":\"" + "x".repeat(64) + "\"}")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** The decoded stamps of a delivered stage-1 message; {@code seq < 0} when absent. */
    public record Stamp(long pushTs, long seq, boolean poison, boolean slow, boolean ours) {}

    public static Stamp read(byte[] json, String runId) {
        return new Stamp(Stamps.readLong(json, "pushTs"), Stamps.readLong(json, "seq"), readTrue(json, "poison"),
                readTrue(json, "slow"), contains(json, ("\"run\":\"" + runId + "\"").getBytes(StandardCharsets.UTF_8)));
    }

    /** Whether top-level field {@code key} is the literal {@code true}. */
    static boolean readTrue(byte[] json, String key) {
        return json != null && contains(json, ("\"" + key + "\":true").getBytes(StandardCharsets.US_ASCII));
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
