package dev.goload.client;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientConfigTest {

    @Test
    void toStringMasksTokenAndHeaderValuesAndDefaultsAreTheReferences() {
        ClientConfig c = ClientConfig.of("http://x").withBearerToken("qk_live_abc").withExtraHeaders(
                Map.of("X-Api-Key", "secret-value"));
        assertFalse(c.toString().contains("qk_live_abc"));
        assertFalse(c.toString().contains("secret-value"));
        assertTrue(c.toString().contains("X-Api-Key"), "header names stay visible: " + c);
        assertEquals(30_000, c.timeoutMillis());
        assertEquals(256, c.idleConns());
        assertEquals(RetryPolicy.NONE, c.retry());
        assertEquals(Retry429Policy.NONE, c.retry429());
        assertEquals(PopAutopilot.OFF, c.popAutopilot());
    }
}
