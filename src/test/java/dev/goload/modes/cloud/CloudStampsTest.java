package dev.goload.modes.cloud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CloudStampsTest {

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void encodesKeysInGoOrderAndDecodesThem() {
        CloudStamps s = new CloudStamps(3);
        byte[] body = s.encode(7, 42, 1000, 2000);
        assertEquals("{\"pad\":\"xxx\",\"s\":42,\"t\":7,\"ta\":2000,\"ts\":1000}", new String(body, StandardCharsets.UTF_8));
        assertEquals(new CloudStamps.Stamp(7, 42, 1000, 2000), CloudStamps.decode(body));
    }

    @Test
    void nominalSizeIsTheZeroStampedBody() {
        assertEquals("{\"pad\":\"\",\"s\":0,\"t\":0,\"ta\":0,\"ts\":0}".length(), new CloudStamps(0).nominalBytes());
    }

    @Test
    void timestampsAreOptionalAndFloatsWithIntegralValuesDecode() {
        assertEquals(new CloudStamps.Stamp(1, 2, 0, 0), CloudStamps.decode(b("{\"t\":1,\"s\":2.0}")));
    }

    @Test
    void bodiesWithoutNumericTenantAndSeqAreUndecodable() {
        assertNull(CloudStamps.decode(b("{\"t\":\"1\",\"s\":2}")));
        assertNull(CloudStamps.decode(b("{\"s\":2}")));
        assertNull(CloudStamps.decode(b("{\"t\":1,\"s\":2.5}")));
        assertNull(CloudStamps.decode(b("[1,2]")));
        assertNull(CloudStamps.decode(b("{\"t\":1,\"s\":")));
        assertNull(CloudStamps.decode(b("not json")));
        assertNull(CloudStamps.decode(b("{\"t\":01,\"s\":2}")));
        assertNull(CloudStamps.decode(null));
        assertEquals(new CloudStamps.Stamp(1, 2, 0, 0), CloudStamps.decode(b("{\"x\":{\"t\":9},\"t\":1,\"s\":2}")));
    }

    /** goload's body as written, and as a broker storing JSONB hands it back (keys reordered, spaces added). */
    private static final List<String> BODIES = List.of(
            new String(new CloudStamps(16).encode(3, 123_456, 1_700_000_000_000_000L, 1_700_000_000_000_250L),
                    StandardCharsets.US_ASCII),
            "{\"s\": 42, \"t\": 7, \"ta\": 2000, \"ts\": 1000, \"pad\": \"xxxxxxxx\"}",
            "\n{ \"t\" :0 ,\t\"s\":\r\n5 }",
            "{\"t\":1,\"s\":2,\"t\":\"x\"}",
            "{\"other\":\"a b\",\"n\":7,\"s\":1,\"t\":2}");

    @Test
    void theFastPathReadsGoloadsBodyInEitherLayout() {
        for (String body : BODIES.subList(0, 3)) {
            assertEquals(FlatStampScanner.Result.STAMP, new FlatStampScanner(b(body)).scan(), body);
        }
        assertEquals(new CloudStamps.Stamp(7, 42, 1000, 2000), CloudStamps.decode(b(BODIES.get(1))));
    }

    @Test
    void theFastPathAgreesWithJacksonOnMutatedBodies() {
        byte[] alphabet = b("{}[]\":,.-+eE019tsax\\ \n\t");
        byte[] extra = {0, 0x7f, (byte) 0xC3, (byte) 0xA9, (byte) 0xFF};
        byte[] all = Arrays.copyOf(alphabet, alphabet.length + extra.length);
        System.arraycopy(extra, 0, all, alphabet.length, extra.length);
        SplittableRandom r = new SplittableRandom(7);
        for (int round = 0; round < 20_000; round++) {
            byte[] body = b(BODIES.get(r.nextInt(BODIES.size())));
            for (int m = 1 + r.nextInt(3); m > 0 && body.length > 0; m--) {
                int at = r.nextInt(body.length);
                byte c = all[r.nextInt(all.length)];
                body = switch (r.nextInt(3)) {
                    case 0 -> splice(body, at, 1, new byte[0]);
                    case 1 -> splice(body, at, 0, new byte[] {c});
                    default -> splice(body, at, 1, new byte[] {c});
                };
            }
            byte[] mutated = body;
            assertEquals(CloudStamps.decodeStrict(mutated), CloudStamps.decode(mutated),
                    () -> new String(mutated, StandardCharsets.ISO_8859_1));
        }
    }

    private static byte[] splice(byte[] b, int at, int remove, byte[] insert) {
        byte[] out = new byte[b.length - remove + insert.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(b, at + remove, out, at + insert.length, b.length - at - remove);
        return out;
    }
}
