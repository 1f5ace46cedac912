package dev.goload.modes.provision;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.ProvisionConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A password written into {@code -pg-url} never reaches an error message or a toString(). No database needed. */
class ProvisionSecretsTest {
    private static final String URL = "jdbc:postgresql://127.0.0.1:1/queen_proxy?user=postgres&password=hunter2&ssl=false";

    @Test
    void aFailedConnectionDoesNotPrintThePasswordOfTheUrl() {
        ProvisionException e = assertThrows(ProvisionException.class, () -> JdbcBackend.connect(URL, "", ""));
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        assertTrue(e.getMessage().contains("127.0.0.1:1/queen_proxy"), e.getMessage());
    }

    @Test
    void theConfigsToStringDoesNotShowThePasswordOfTheUrl() {
        ProvisionConfig c = new ProvisionConfig(2, "camp", "bench", "bench", Path.of("t.json"), "psql", "",
                "bench.invalid", false, URL, "postgres", "", 50);
        assertFalse(c.toString().contains("hunter2"), c.toString());
    }
}
