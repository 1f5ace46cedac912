package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 13 §1 in a closed-loop mode: {@code -mode app} against a broker that closes idle keep-alive sockets after
 * 300 ms, its one producer pushing a message a second, and a client {@code -idle-timeout} above the broker's so
 * the pushes reuse sockets the broker has closed. No error may come of it; the re-sent requests are on the
 * {@code [final] + keep-alive reconnects=} line, before the reference's {@code [final]} line.
 */
class AppKeepAliveEndToEndTest {
    private static final Pattern RECONNECTS = Pattern.compile(
            "\\[final] \\+ keep-alive reconnects=(\\d+) \\(requests re-sent on a fresh socket: the broker had closed"
                    + " their idle one; not errors\\)");

    @Test
    void aBrokerClosingIdleSocketsCostsNoErrorAndTheReconnectsAreCountedBeforeTheReferenceFinalLine(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults().withIdleTimeoutMillis(300))) {
            MainRun r = MainRun.of("-mode", "app", "-url", broker.url(), "-duration", "3", "-report", "1",
                    "-target-rate", "1", "-producers", "1", "-push-batch", "1", "-sessions", "2",
                    "-consumer-groups", "1", "-consumers-per-group", "1", "-process-ms", "1", "-slow-msg-pct", "0",
                    "-slow-part-pct", "0", "-fail-pct", "0", "-poison-pct", "0", "-tx-pct", "0",
                    "-stage2-consumers", "0", "-pop-timeout", "300", "-seed", "7", "-idle-timeout", "60s",
                    "-out", dir.toString());
            assertEquals(0, r.code(), r.out() + r.err());
            List<String> lines = r.out().lines().toList();
            int at = -1;
            long reconnects = -1;
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = RECONNECTS.matcher(lines.get(i));
                if (m.matches()) {
                    at = i;
                    reconnects = Long.parseLong(m.group(1));
                }
            }
            assertTrue(reconnects > 0, "pushes 1 s apart found their socket closed by the broker: " + r.out());
            int reference = lines.indexOf(lines.stream().filter(l -> l.startsWith("[final] pushed=")).findFirst()
                    .orElseThrow());
            assertTrue(at < reference, "before the reference's [final] line: " + r.out());
            assertTrue(lines.get(reference).endsWith(", pushErr=0)"), r.out());
            assertTrue(r.out().contains(" popErr=0 ackErr=0 "), "no pop or ack error either: " + r.out());
            assertTrue(r.out().contains("[final] + pushItemFailed=0 ackErrMsgs=0 leaseRenewErr=0 stage2AckErr=0 "),
                    r.out());
            assertTrue(r.out().contains("VERDICT: PASS"), r.out());
        }
    }
}
