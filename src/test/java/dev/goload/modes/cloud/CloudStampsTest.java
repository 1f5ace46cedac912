package dev.goload.modes.cloud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
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
        assertNull(CloudStamps.decode(null));
        assertEquals(new CloudStamps.Stamp(1, 2, 0, 0), CloudStamps.decode(b("{\"x\":{\"t\":9},\"t\":1,\"s\":2}")));
    }
}
