package dev.goload.modes.tenants;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.modes.Stamps;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TenantBodyTest {
    @Test
    void bodyCarriesTheFourNumbersThenThePad() {
        byte[] b = new TenantBody(3).of(12, 0, 1_000_000_007L, 1_764_590_000_123_456L);
        assertEquals("{\"t\":12,\"q\":0,\"seq\":1000000007,\"ts\":1764590000123456,\"pad\":\"xxx\"}",
                new String(b, StandardCharsets.US_ASCII));
    }

    @Test
    void consumersReadBackWhatProducersWrote() {
        byte[] b = new TenantBody(0).of(9, 10, Long.MAX_VALUE, 99);
        assertEquals(9, Stamps.readLong(b, "t"));
        assertEquals(10, Stamps.readLong(b, "q"));
        assertEquals(Long.MAX_VALUE, Stamps.readLong(b, "seq"));
        assertEquals(99, Stamps.readLong(b, "ts"));
        assertEquals("{\"t\":9,\"q\":10,\"seq\":9223372036854775807,\"ts\":99,\"pad\":\"\"}",
                new String(b, StandardCharsets.US_ASCII));
    }
}
