package dev.goload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.parallel.ExecutionMode.CONCURRENT;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.faults.FaultProxy.Fault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;

/**
 * {@code order} through a {@link FaultProxy}: a pop answer lost in flight (the drain's cap follows the lease) and a
 * 503 storm on the pops (the errors are kept by kind). One embedded broker, one proxy and queue per case; the two
 * cases wait out a lease and the SDK's retry backoff, so they run at once ({@code @Execution(CONCURRENT)}).
 */
class OrderUnderFaultsTest {
    @TempDir
    static Path dir;

    private static EmbeddedBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedBroker.start(BrokerOptions.defaults());
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    /** 20 messages over 2 partitions, 2 consumers, through {@code proxy}; the record is {@code <queue>/run.json}. */
    private static FaultRun run(FaultProxy proxy, String queue, String... flags) throws Exception {
        Path out = Files.createDirectories(dir.resolve(queue));
        List<String> args = new ArrayList<>(List.of("-mode", "order", "-target", "broker", "-url", proxy.url(),
                "-messages", "20", "-partitions", "2", "-consumers", "2", "-pop-batch", "5", "-pop-timeout", "500",
                "-queue", queue, "-out", out.toString(), "-run-id", "run"));
        args.addAll(List.of(flags));
        return FaultRun.of(out, args.toArray(String[]::new));
    }

    /**
     * One pop answer carrying messages reset mid-body: the broker leased that batch to a delivery the loader never
     * received and hands it out again only after {@code leaseTime} (4 s). With {@code -drain 1} the gate used to stop
     * first and report LOSS for messages the broker still held; the cap is now {@code leaseTime + 5 s}, said on a
     * line before the drain, recorded as {@code drainCapSec}.
     */
    @Execution(CONCURRENT)
    @Test
    void aLostPopAnswerRaisesTheDrainCapToTheLeaseAndTheGatePasses() throws Exception {
        try (FaultProxy proxy = FaultProxy.to(broker.url())) {
            proxy.onDeliveries(Fault.RESET_MID_BODY, 1);
            FaultRun r = run(proxy, "order-lost-answer", "-lease-time", "4", "-drain", "1");
            assertEquals(1, proxy.faulted(), "exactly one delivery was reset\n" + r);
            assertEquals(0, r.code(), r.toString());
            int line = r.out().indexOf("drain: cap raised from -drain 1s to 9s (leaseTime 4s + 5s)");
            assertTrue(line > 0 && line < r.out().indexOf("=========="), "said before the summary\n" + r);
            JsonNode j = r.record();
            assertEquals(9, j.get("drainCapSec").asInt(), j.toString());
            assertEquals(0, j.get("missingCount").asLong(), j.toString());
            assertEquals("PASS", j.get("verdict").asText(), j.toString());
            // the reset batch came back only after the lease: past -drain 1 (+1 s settle, +0.2 s poll), where the
            // old cap would have stopped the drain and reported the batch as LOSS
            assertTrue(j.get("drainSec").asDouble() > 2.2, j.toString());
        }
    }

    /**
     * A storm of 503 answers to every pop (pushes and acks pass) until some pop's retries (the SDK's 3, 1 s
     * doubling: 7 s) have all failed: they run out on the first pops, which are counted — and classified: {@code errorsByKind} and the
     * {@code + errors pop http_5xx=…} line before the verdict say why, never {@code other}.
     */
    @Execution(CONCURRENT)
    @Test
    void aPop503StormIsCountedUnderHttp5xxInTheRecordAndBeforeTheVerdict() throws Exception {
        try (FaultProxy proxy = FaultProxy.to(broker.url())) {
            proxy.onPops(Fault.STATUS_503);
            // the storm ends on a count, not a clock: with 2 consumers, 7 faulted pop attempts mean one consumer saw 4
            // in a row (pigeonhole), i.e. a pop whose 3 retries all failed and was counted, however late pops began
            Thread end = Thread.ofVirtual().start(() -> {
                long deadline = System.nanoTime() + 60_000_000_000L;
                while (proxy.faulted() < 2 * 3 + 1 && System.nanoTime() < deadline) {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
                proxy.set(Fault.PASS, 1);
            });
            FaultRun r = run(proxy, "order-kinds", "-lease-time", "2", "-drain", "30");
            end.join();
            assertEquals(0, r.code(), r.toString());
            JsonNode j = r.record();
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
