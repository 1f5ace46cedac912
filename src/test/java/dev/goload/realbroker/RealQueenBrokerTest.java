package dev.goload.realbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.client.AckItem;
import dev.goload.client.ClientConfig;
import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.client.PushItem;
import dev.goload.client.QueenClient;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The real-broker tier's own machinery, without a real broker (so it runs in every build, CI included): when the
 * tier skips, runs or fails, the reset command's and the health check's failures, and the audit reads (stored
 * messages, dead letters) against the embedded broker, which serves the same routes.
 */
class RealQueenBrokerTest {
    private static final String URL = RealQueenBroker.URL_VARIABLE;
    private static final String RESET = RealQueenBroker.RESET_VARIABLE;

    @Test
    void withoutTheUrlEveryClassSkipsWithOneLineAlsoUnderCi() {
        RealQueenBroker.Setup.Skip skip = new RealQueenBroker.Setup.Skip(RealQueenBroker.SKIP_LINE);
        assertEquals(skip, RealQueenBroker.setup(Map.of()));
        assertEquals(skip, RealQueenBroker.setup(Map.of("CI", "true", RESET, "true")), "opt-in: CI skips it too");
        assertEquals(skip, RealQueenBroker.setup(Map.of(URL, "  ")));
        assertEquals("needs GOLOAD_TEST_QUEEN_URL: a real Queen broker, see docs/testing.md", skip.line());
        assertTrue(skip.line().startsWith("needs "), "every skip of the suite says what it needs (.ci/fresh-suite)");
    }

    @Test
    void theUrlWithoutAResetCommandFailsSayingWhatIsMissing() {
        RealQueenBroker.Setup s = RealQueenBroker.setup(Map.of(URL, "http://127.0.0.1:6632"));
        assertTrue(s instanceof RealQueenBroker.Setup.Fail f && f.message().contains(RESET + " is not"), s.toString());
    }

    @Test
    void bothVariablesRunTheTierOnTheUrlWithoutItsTrailingSlash() {
        assertEquals(new RealQueenBroker.Setup.Run("http://127.0.0.1:6632", "reset-it"),
                RealQueenBroker.setup(Map.of(URL, "http://127.0.0.1:6632/", RESET, " reset-it ")));
    }

    @Test
    void aResetThatExitsZeroPassesAndOneThatFailsSaysItsExitCodeAndOutput() {
        RealQueenBroker.reset("echo resetting; test 1 -eq 1", Duration.ofSeconds(30));
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> RealQueenBroker.reset(
                "echo dropping database; echo 'database \"queen\" is being accessed' >&2; exit 7",
                Duration.ofSeconds(30)));
        assertTrue(e.getMessage().contains(RESET + " failed (exit 7): echo dropping"), e.getMessage());
        assertTrue(e.getMessage().contains("dropping database\ndatabase \"queen\" is being accessed"), e.getMessage());
    }

    @Test
    void aResetThatDoesNotFinishFailsAtItsDeadline() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> RealQueenBroker.reset("exec sleep 30", Duration.ofMillis(300)));
        assertTrue(e.getMessage().contains(RESET + " did not finish within 0.3 s"), e.getMessage());
    }

    @Test
    void aHealthyBrokerPassesTheHealthCheck() {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            assertEquals("healthy", RealQueenBroker.awaitHealthy(broker.url(), Duration.ofSeconds(10))
                    .path("status").asText());
        }
    }

    @Test
    void anUnhealthyOrSilentBrokerFailsTheHealthCheckWithItsLastAnswer() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/health", x -> {
            byte[] body = "{\"status\":\"unhealthy\",\"database\":\"disconnected\"}".getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(503, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            AssertionFailedError e = assertThrows(AssertionFailedError.class,
                    () -> RealQueenBroker.awaitHealthy(url, Duration.ofMillis(600)));
            assertTrue(e.getMessage().contains("is not healthy after 0.6 s"), e.getMessage());
            assertTrue(e.getMessage().contains("GET /health -> HTTP 503 {\"status\":\"unhealthy\""), e.getMessage());
        } finally {
            server.stop(0);
        }
        AssertionFailedError silent = assertThrows(AssertionFailedError.class,
                () -> RealQueenBroker.awaitHealthy("http://127.0.0.1:1", Duration.ofMillis(300)));
        assertTrue(silent.getMessage().contains("ConnectException"), silent.getMessage());
    }

    @Test
    void theAuditReadsEveryStoredMessageWhateverAnotherGroupConsumedAndCountsDeadLettersByGroup() {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults());
             QueenClient client = new QueenClient(ClientConfig.of(broker.url()))) {
            RealQueenBroker audit = RealQueenBroker.at(broker.url());
            client.configure("audited", Map.of("leaseTime", 30, "retryLimit", 0), false);
            List<PushItem> items = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                items.add(PushItem.of("audited", "p" + i % 3, ("{\"i\":" + i + "}").getBytes(StandardCharsets.UTF_8)));
            }
            assertEquals(25, client.push(items).queued());
            // another group consumes some: the audit's own group still reads them all
            client.pop(PopRequest.of("audited").withBatch(10).withConsumerGroup("run").withAutoAck(true));
            List<JsonNode> stored = audit.storedMessages("audited");
            Set<Integer> seen = new HashSet<>();
            stored.forEach(m -> seen.add(m.path("data").path("i").asInt()));
            assertEquals(25, stored.size());
            assertEquals(25, seen.size());
            assertEquals(List.of(), audit.storedMessages("audited-never"), "nothing stored, nothing read");

            List<Message> popped = client.pop(PopRequest.of("audited").withPartition("p0").withBatch(2)
                    .withConsumerGroup("dl")).messages();
            assertEquals(2, popped.size());
            List<AckItem> failed = popped.stream().map(m -> AckItem.failed(m, "poison")).toList();
            client.ack(failed, "dl");
            assertEquals(Map.of("dl", 2L), audit.deadLetteredByGroup("audited"));
        }
    }
}
