package dev.goload.realbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.cli.MainRun;
import dev.goload.modes.tenants.TenantsModeTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode tenants} against a real Queen broker: it provisions its queues, pushes in high and low phases, and
 * accounts for every message (popped, or in the tail), without an error; the broker holds exactly the messages
 * pushed. Its queue names are fixed ({@code t%04d-q%d}): the class's reset leaves them empty. Unlike the embedded
 * broker's quick answers, an ack of the real broker may still be in flight when the run stops; the stop cancels it
 * and counts the call as cancelled, not as an ack error, so a popped message is acked, an ack error, or in one of
 * those calls.
 */
@Tag("solo")
class RealQueenTenantsTest {
    @RegisterExtension
    static final RealQueenBroker BROKER = new RealQueenBroker();

    @TempDir
    Path dir;

    @Test
    void provisionsItsQueuesAndAccountsForEveryMessage() throws Exception {
        MainRun r = MainRun.of("-mode", "tenants", "-url", BROKER.url(), "-out", dir.toString(), "-tenants", "3",
                "-queues-per-tenant", "2", "-phase-high", "40", "-phase-low", "4", "-phase-sec", "1",
                "-stagger=false", "-duration", "4", "-report", "1", "-pop-timeout", "500", "-payload", "16");
        String o = r.out();
        assertEquals(0, r.code(), o + r.err());
        assertTrue(o.startsWith("goload -mode tenants -> " + BROKER.url() + " tenants=3 queues=6 consumers=6"
                + " idleOnly=false\n"), o);
        assertTrue(o.contains("\n[provision] 6 queues configured in "), o);
        TenantsModeTest.FinalLine f = TenantsModeTest.FinalLine.of(o);
        long pushed = f.pushed();
        long popped = f.popped();
        long tail = f.tail();
        assertTrue(pushed > 0, o);
        assertEquals(pushed, popped + tail, "every pushed message is popped or in the tail: " + o);
        long unacked = popped - f.acked() - f.ackErr();
        assertEquals(0, f.pushErr(), "push errors: " + o);
        assertEquals(0, f.popErr(), "pop errors: " + o);

        JsonNode rec = TenantsModeTest.record(o, dir);
        BROKER.assertRanAgainstIt(rec);
        JsonNode n = rec.path("counters");
        assertEquals(pushed, n.path("pushedMsgs").asLong(), rec.toString());
        assertEquals(pushed, n.path("achievedReq").asLong(), "one message per push: " + rec);
        assertEquals(n.path("offeredReq").asLong(), n.path("sentReq").asLong(), "closed loop: nothing shed");
        assertEquals(popped, n.path("popped").asLong());
        long cancelled = n.path("ackCanceledCalls").asLong();
        assertTrue(unacked >= cancelled && unacked <= cancelled * rec.path("flags").path("pop-batch").asLong()
                && (unacked == 0) == (cancelled == 0), "every popped message acked, an ack error, or in one of the "
                + cancelled + " ack calls the stop cancelled (a batch each): " + unacked + " not acked\n" + o);
        assertEquals(tail, rec.path("section").path("tail").asLong());
        assertEquals("duration", rec.path("stopReason").asText(), rec.toString());
        assertTrue(rec.path("latencyMs").path("e2e").path("count").asLong() > 0, rec.toString());

        long stored = 0;
        for (int t = 0; t < 3; t++) {
            for (int q = 0; q < 2; q++) stored += BROKER.storedMessages(String.format("t%04d-q%d", t, q)).size();
        }
        assertEquals(pushed, stored, "the broker holds every message the run pushed, in the run's six queues");
    }
}
