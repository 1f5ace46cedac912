package dev.goload.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.shard.Shard;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MetricsOptionsTest {
    @Test
    void parsesHostPortAsGoListensOnIt() {
        var o = MetricsOptions.parse("127.0.0.1:9464", Duration.ofSeconds(30), null);
        assertEquals("127.0.0.1", o.host());
        assertEquals(9464, o.port());
        assertEquals(Duration.ofSeconds(30), o.linger());
        assertTrue(o.enabled());
        assertEquals("", MetricsOptions.parse(":0", Duration.ZERO, null).host(), "every interface");
        assertEquals("::1", MetricsOptions.parse("[::1]:0", Duration.ZERO, null).host());
        assertEquals("3/4", MetricsOptions.parse(":0", Duration.ZERO, new Shard(3, 4)).shardLabel());
        assertEquals(null, MetricsOptions.parse(":0", Duration.ZERO, Shard.SINGLE).shardLabel(), "one shard: no label");
    }

    @Test
    void emptyIsOff() {
        assertFalse(MetricsOptions.parse("", Duration.ZERO, null).enabled());
        assertFalse(MetricsOptions.OFF.enabled());
    }

    @Test
    void malformedAddressesAndNegativeLingerAreRejectedNamingTheFlag() {
        for (String bad : new String[] {"9464", "host:", "host:x", "h:70000", "h:-1", "::1:9464"}) {
            var e = assertThrows(IllegalArgumentException.class, () -> MetricsOptions.parse(bad, Duration.ZERO, null),
                    bad);
            assertTrue(e.getMessage().startsWith("-metrics-addr"), e.getMessage());
        }
        var e = assertThrows(IllegalArgumentException.class,
                () -> MetricsOptions.parse(":0", Duration.ofSeconds(-1), null));
        assertTrue(e.getMessage().startsWith("-metrics-linger"), e.getMessage());
    }
}
