package dev.goload.modes.cloud;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The cloud message body (goload-behavior.md §2.3): {@code {"pad":"xx…","s":seq,"t":tenant,"ta":sentµs,"ts":schedµs}}
 * — keys in Go's alphabetical order, as the reference serializes them — and its decoder.
 *
 * <p>Decoding: {@code t} and {@code s} are required JSON numbers with an integral value; {@code ts}/{@code ta} are
 * optional (0 when absent). Anything else is undecodable. Every popped message is decoded, so a flat object of
 * plain-ASCII strings and non-negative integers (what goload writes, in whatever key order and spacing the broker
 * hands it back) is read by {@link FlatStampScanner} without a parser; anything it is unsure of — escapes,
 * non-ASCII, floats, negatives, nesting, malformed input — goes to a Jackson streaming pass, which defines the
 * result.
 *
 * <p>Immutable and thread-safe.
 */
public final class CloudStamps {
    private static final JsonFactory JSON = new JsonFactory();

    /** A decoded stamp; {@code ts}/{@code ta} are 0 when absent. */
    public record Stamp(long tenant, long seq, long tsMicros, long taMicros) {}

    private final byte[] prefix;

    public CloudStamps(int padBytes) {
        this.prefix = ("{\"pad\":\"" + "x".repeat(Math.max(0, padBytes)) + "\",\"s\":")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** One message body. */
    public byte[] encode(int tenant, long seq, long tsMicros, long taMicros) {
        String tail = seq + ",\"t\":" + tenant + ",\"ta\":" + taMicros + ",\"ts\":" + tsMicros + "}";
        byte[] t = tail.getBytes(StandardCharsets.US_ASCII);
        byte[] b = new byte[prefix.length + t.length];
        System.arraycopy(prefix, 0, b, 0, prefix.length);
        System.arraycopy(t, 0, b, prefix.length, t.length);
        return b;
    }

    /** Length of one body with zero-valued numbers (the reference's nominal per-message size). */
    public int nominalBytes() {
        return encode(0, 0, 0, 0).length;
    }

    /** The stamp in {@code data}, or null when the body is not a goload cloud message. */
    public static Stamp decode(byte[] data) {
        if (data == null || data.length == 0) {
            return null;
        }
        FlatStampScanner s = new FlatStampScanner(data);
        return switch (s.scan()) {
            case STAMP -> new Stamp(s.tenant(), s.seq(), s.tsMicros(), s.taMicros());
            case NO_STAMP -> null;
            case UNSURE -> decodeStrict(data);
        };
    }

    /** The reference decoding, a Jackson streaming pass over the bytes (no tree per message). */
    static Stamp decodeStrict(byte[] data) {
        if (data == null || data.length == 0) {
            return null;
        }
        long t = -1, s = -1, ts = 0, ta = 0;
        boolean hasT = false, hasS = false;
        try (JsonParser p = JSON.createParser(data)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            JsonToken tok;
            while ((tok = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                switch (name) {
                    case "t" -> {
                        t = integral(p, v);
                        hasT = t >= 0;
                    }
                    case "s" -> {
                        s = integral(p, v);
                        hasS = s >= 0;
                    }
                    case "ts" -> ts = Math.max(0, integral(p, v));
                    case "ta" -> ta = Math.max(0, integral(p, v));
                    default -> p.skipChildren();
                }
            }
            if (tok != JsonToken.END_OBJECT || !hasT || !hasS) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        return new Stamp(t, s, ts, ta);
    }

    /** A non-negative integral number token's value, else -1 (Go decodes numbers as float64: 5.0 is 5). */
    private static long integral(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT) {
            try {
                return p.getLongValue();
            } catch (IOException overflow) {
                return -1;
            }
        }
        if (v == JsonToken.VALUE_NUMBER_FLOAT) {
            double d = p.getDoubleValue();
            return d >= 0 && d == Math.rint(d) && d < 9.007199254740992E15 ? (long) d : -1;
        }
        p.skipChildren();
        return -1;
    }
}
