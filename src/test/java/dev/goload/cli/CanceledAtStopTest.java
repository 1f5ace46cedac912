package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.report.RecordConsistency;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acks in flight when the run ends are cut by its stop: each is counted once, as a cancelled call, never as an ack
 * error (docs/run-record.md). The broker holds back every ack's answer far beyond the run, so every consumer has one
 * ack in flight at the end: tenants (inline acks on parked long-poll consumers) and max with {@code -ack-async} (acks
 * cut after their 5 s drain). The reference's final line says {@code ack=0} / {@code ackErr=0}, the record's
 * {@code ackErr} is 0 with every cut call in {@code ackCanceledCalls} and the ack family's {@code canceled} kind,
 * goload's {@code [final] + canceled at the stop …} line names them, and the record agrees with itself.
 */
class CanceledAtStopTest {
    private static final String CANCELED_LINE = "[final] + canceled at the stop (calls the run cut, not errors): ";
    private static final Pattern ACK = Pattern.compile(" ack=(\\d+)");

    @TempDir
    Path dir;

    private static List<String> args(String mode, String url) {
        return switch (mode) {
            case "tenants" -> List.of("-mode", "tenants", "-url", url, "-tenants", "2", "-queues-per-tenant", "2",
                    "-phase-high", "20", "-phase-low", "20", "-phase-sec", "1", "-stagger=false", "-duration", "2",
                    "-report", "1", "-pop-timeout", "500", "-payload", "16");
            case "max" -> List.of("-mode", "max", "-url", url, "-producers", "1", "-consumers", "3",
                    "-partitions", "3", "-duration", "2", "-report", "1", "-manual-ack", "-ack-async",
                    "-ack-inflight", "3");
            default -> throw new IllegalArgumentException(mode);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"tenants", "max"})
    void anAckInFlightAtTheStopIsACancelledCallNotAnAckError(String mode) throws Exception {
        try (EmbeddedBroker b = EmbeddedBroker.start(BrokerOptions.defaults())) {
            b.delayAckAnswers(60_000, 1);
            LoadModeRun r = LoadModeRun.of(dir, args(mode, b.url()).toArray(String[]::new));
            assertEquals(0, r.code(), r.toString());

            List<String> finals = r.lines().stream().filter(l -> l.startsWith("[final]")).toList();
            String reference = finals.getLast();
            assertTrue(mode.equals("tenants") ? reference.endsWith(" ack=0") : reference.contains(" ackErr=0 "),
                    "the reference's final line counts no ack error: " + reference + "\n" + r);

            JsonNode rec = r.record();
            RecordConsistency.assertConsistent(rec);
            JsonNode c = rec.get("counters");
            long canceled = c.get("ackCanceledCalls").asLong();
            assertEquals(0, c.get("ackErr").asLong(), r.toString());
            assertTrue(canceled > 0, "acks were in flight at the stop: " + c + "\n" + r);
            assertEquals(canceled, rec.at("/errors/ack/byKind/canceled").asLong());
            assertEquals(0, rec.at("/errors/ack/total").asLong());
            assertTrue(c.get("ackCalls").asLong() >= canceled, "every call made is an ack call: " + c);

            int at = -1;
            for (int i = 0; i < finals.size(); i++) {
                if (finals.get(i).startsWith(CANCELED_LINE)) at = i;
            }
            assertTrue(at >= 0 && at < finals.size() - 1, "goload's line names the cut calls, before the reference's"
                    + " final line, which stays the last [final] line\n" + r);
            Matcher m = ACK.matcher(finals.get(at));
            assertTrue(m.find(), finals.get(at));
            assertEquals(canceled, Long.parseLong(m.group(1)), finals.get(at));
        }
    }
}
