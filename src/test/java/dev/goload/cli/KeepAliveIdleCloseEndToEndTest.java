package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13 §1 at small scale: a broker that closes idle keep-alive sockets (300 ms here, uWebSockets' 10 s in
 * the finding) under an open-loop run whose requests are spaced further apart than that. The finding was 3 of 7
 * pushes failed as {@code conn} errors; goload must report none, and say how many requests it re-sent.
 */
class KeepAliveIdleCloseEndToEndTest {
    @TempDir
    Path dir;

    private LoadModeRun openloopAgainstIdleClosingBroker(String idleTimeout) {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults().withIdleTimeoutMillis(300))) {
            // 2 requests/s: each push finds its pooled socket idle for 500 ms, past the broker's 300 ms
            LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-url", broker.url(), "-rate", "2",
                    "-push-batch", "1", "-consumers", "0", "-duration", "3", "-report", "1", "-partitions", "1",
                    "-idle-timeout", idleTimeout);
            assertEquals(0, r.code(), r.toString());
            assertEquals(0, r.counter("pushErrReq"), "a socket the broker closed while idle is no broker error: " + r);
            assertEquals(r.counter("sentReq"), r.counter("pushedMsgs"), r.toString());
            return r;
        }
    }

    @Test
    void clientIdleTimeoutAboveTheBrokerSReSendsOnAFreshSocketAndCountsReconnects() {
        LoadModeRun r = openloopAgainstIdleClosingBroker("60s");
        long reconnects = r.record().get("reconnects").asLong();
        assertTrue(r.out().contains("[final] + keep-alive reconnects=" + reconnects + " "), r.out());
        if (dev.goload.client.PushLoop.enabledByEnvironment()) {
            // the push loop watches its idle sockets: it sees the broker's close at once and sends on none of them
            // (the one re-send allowed is the blocking engine's: configure and the health calls before T0)
            assertTrue(reconnects <= 1, "reconnects " + reconnects + ": " + r);
            assertTrue(r.record().path("loader").path("connections").path("closedByPeer").asLong() >= 3,
                    "the broker's idle closes are counted as the peer's: " + r);
            return;
        }
        assertTrue(reconnects >= 3, "pushes 500 ms apart for 3 s: most found their socket closed: " + r);
    }

    @Test
    void clientIdleTimeoutBelowTheBrokerSEvictsFirstAndNeedsNoReconnect() {
        LoadModeRun r = openloopAgainstIdleClosingBroker("200ms");
        assertEquals(0, r.record().get("reconnects").asLong(), r.toString());
    }

    @Test
    void aNegativeIdleTimeoutIsAUsageError() {
        LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-embedded", "-rate", "1", "-duration", "1",
                "-idle-timeout", "-1s");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("-idle-timeout must be >= 0"), r.toString());
    }
}
