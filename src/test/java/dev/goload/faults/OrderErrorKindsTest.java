package dev.goload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.faults.FaultProxy.Fault;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code order} under a 9 s storm of 503 answers to every pop (pushes and acks pass): the client's retries (the
 * SDK's 3, 1 s doubling: 7 s) run out on the first pops, which are counted — and classified: the record's
 * {@code errorsByKind} and the {@code + errors pop http_5xx=…} line before the verdict say why, never {@code other}.
 */
class OrderErrorKindsTest {
    @TempDir
    Path dir;

    @Test
    void aPop503StormIsCountedUnderHttp5xxInTheRecordAndBeforeTheVerdict() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults());
             FaultProxy proxy = FaultProxy.to(broker.url())) {
            proxy.onPops(Fault.STATUS_503);
            Thread end = Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(9_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                proxy.set(Fault.PASS, 1);
            });
            Path out = Files.createDirectories(dir.resolve("order"));
            FaultRun r = FaultRun.of(out, "-mode", "order", "-target", "broker", "-url", proxy.url(), "-messages", "20",
                    "-partitions", "2", "-consumers", "2", "-pop-batch", "5", "-pop-timeout", "500", "-lease-time", "2",
                    "-drain", "30", "-queue", "order-kinds", "-out", out.toString(), "-run-id", "run");
            end.join();
            assertEquals(0, r.code(), r.toString());
            JsonNode j = r.json("run.json");
            JsonNode pop = j.get("errorsByKind").get("pop");
            long popErrors = j.get("popErrors").asLong();
            assertTrue(popErrors > 0, j.toString());
            assertEquals(popErrors, pop.get("total").asLong(), j.toString());
            assertEquals(popErrors, pop.get("byKind").get("http_5xx").asLong(), j.toString());
            assertFalse(pop.get("byKind").has("other"), j.toString());
            assertEquals(0, j.get("errorsByKind").get("push").get("total").asLong(), j.toString());
            assertEquals(0, j.get("errorsByKind").get("ack").get("total").asLong(), j.toString());
            int line = r.out().indexOf("+ errors pop http_5xx=" + popErrors + " (first: ");
            assertTrue(line > 0 && line < r.out().indexOf("VERDICT PASS"), r.toString());
            assertFalse(r.out().contains("+ errors push") || r.out().contains("+ errors ack"), r.toString());
            assertFalse(r.out().contains("[final]"), "order prints no [final] line\n" + r);
        }
    }
}
