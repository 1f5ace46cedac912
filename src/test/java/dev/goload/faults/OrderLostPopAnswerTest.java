package dev.goload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * {@code order} when one pop answer carrying messages is reset mid-body: the broker leased that batch to a delivery
 * the loader never received and hands it out again only after {@code leaseTime} (4 s here). With {@code -drain 1}
 * the gate used to stop draining first and report LOSS for messages the broker still held; the drain's cap is now
 * raised to {@code leaseTime + 5 s}, said on a line before the drain, recorded as {@code drainCapSec}.
 */
class OrderLostPopAnswerTest {
    @TempDir
    Path dir;

    @Test
    void aLostPopAnswerRaisesTheDrainCapToTheLeaseAndTheGatePasses() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults());
             FaultProxy proxy = FaultProxy.to(broker.url())) {
            proxy.onDeliveries(Fault.RESET_MID_BODY, 1);
            Path out = Files.createDirectories(dir.resolve("order"));
            FaultRun r = FaultRun.of(out, "-mode", "order", "-target", "broker", "-url", proxy.url(), "-messages", "20",
                    "-partitions", "2", "-consumers", "2", "-pop-batch", "5", "-pop-timeout", "500", "-lease-time", "4",
                    "-drain", "1", "-queue", "order-lost-answer", "-out", out.toString(), "-run-id", "run");
            assertEquals(1, proxy.faulted(), "exactly one delivery was reset\n" + r);
            assertEquals(0, r.code(), r.toString());
            assertTrue(r.out().contains("drain: cap raised from -drain 1s to 9s (leaseTime 4s + 5s)"), r.toString());
            int line = r.out().indexOf("drain: cap raised");
            assertTrue(line < r.out().indexOf("=========="), "said before the summary\n" + r);
            JsonNode j = r.json("run.json");
            assertEquals(9, j.get("drainCapSec").asInt(), j.toString());
            assertEquals(0, j.get("missingCount").asLong(), j.toString());
            assertEquals("PASS", j.get("verdict").asText(), j.toString());
            // the reset batch came back only after the lease: past -drain 1 (+1 s settle, +0.2 s poll), where the
            // old cap would have stopped the drain and reported the batch as LOSS
            assertTrue(j.get("drainSec").asDouble() > 2.2, j.toString());
        }
    }
}
