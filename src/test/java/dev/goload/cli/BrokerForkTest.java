package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The broker in a child JVM ({@code goload broker -port 0} from this class path): it serves, and close ends it. */
class BrokerForkTest {
    @Test
    void childBrokerServesAndIsGoneAfterClose() throws Exception {
        BrokerLaunchers.Forked b = BrokerLaunchers.forked(BrokerLauncher.Settings.loopbackFreePort());
        Optional<ProcessHandle> child;
        try {
            assertTrue(b.url().startsWith("http://127.0.0.1:"), b.url());
            assertNotEquals(ProcessHandle.current().pid(), b.pid());
            child = ProcessHandle.of(b.pid());
            assertTrue(child.isPresent() && child.get().isAlive());
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(b.url()
                    + "/health")).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
        } finally {
            b.close();
        }
        assertFalse(child.get().isAlive(), "the child JVM outlived close()");
    }
}
