package dev.goload.modes.cloud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.Retry429Policy;
import java.util.List;
import org.junit.jupiter.api.Test;

class CloudClientsTest {

    @Test
    void retry429AttemptsFollowTheReferenceSemantics() {
        assertEquals(Retry429Policy.NONE, CloudClients.retry429(1), "1 = surface every 429 at once");
        assertEquals(new Retry429Policy(4, 4), CloudClients.retry429(4), "n > 1 = bounded, both kinds");
        assertEquals(Retry429Policy.goDefaults(), CloudClients.retry429(0), "0 = SDK kind defaults");
    }

    @Test
    void aTenantNeverShowsAnyPartOfItsKey() {
        for (String key : List.of("qk_test_abcdefghijklmnopqrstuvwxyz", "s3cr3tK3yWithoutTheQkEnvelope0")) {
            String shown = new CloudTenant(3, "camp-0003", "camp-0003", "uuid", key).toString();
            assertTrue(shown.contains("apiKey=") && shown.contains("***"), shown);
            for (int i = 0; i + 4 <= key.length(); i++) {
                String part = key.substring(i, i + 4);
                if (!"qk_test_".contains(part)) { // the envelope is not secret
                    assertFalse(shown.contains(part), "key fragment " + part + " in " + shown);
                }
            }
        }
        assertEquals("00000000-0000-4000-8000-000000000007", CloudTenant.synthesized(7).brokerTenant());
    }
}
