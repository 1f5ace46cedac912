package dev.goload.modes;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.pace.NanoClock;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * goload-behavior.md §1.4: pushErr is "not counted when the error is due to run shutdown". A push the broker
 * fails while the run drains its in-flight pushes is a broker failure, not a shutdown artefact: it must be
 * counted, or the request is sent but neither achieved nor failed. A push cut off by the shutdown itself (the
 * client cancelling what is left after the drain) is counted once, as cancelled, never as a failure.
 */
class PushSenderShutdownTest {
    private static final byte[] PAYLOAD = "{\"data\":\"x\",\"src\":\"goload\"}".getBytes(StandardCharsets.UTF_8);

    private WireMockServer wm;
    private QueenClient client;
    private final RunCounters counters = new RunCounters();
    private final RunRecorders recorders = new RunRecorders();
    private final RunSignal signal = new RunSignal();

    @BeforeEach
    void start() {
        wm = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
        wm.start();
        client = new QueenClient(ClientConfig.of("http://127.0.0.1:" + wm.port()));
    }

    @AfterEach
    void stop() {
        client.close();
        wm.stop();
    }

    private PushSender sender() {
        return new PushSender(counters, recorders, NanoClock.SYSTEM);
    }

    @Test
    void aBrokerErrorAnsweredDuringTheDrainIsCountedAsAPushError() {
        wm.stubFor(post(urlEqualTo("/api/v1/push")).willReturn(aResponse().withStatus(500).withBody("{\"error\":\"db down\"}")));
        signal.stop("duration");

        boolean ok = sender().send(client, "q", "p1", PAYLOAD, 2, NanoClock.SYSTEM.nanoTime(), -1).achieved();

        assertFalse(ok);
        RunCounters.Snapshot s = counters.snapshot();
        assertEquals(1, s.sentReq());
        assertEquals(1, s.pushErrReq(), "sent = achieved + pushErr: a 500 during the drain is a broker failure");
        assertEquals(1, recorders.failed.sampleInterval().getTotalCount());
    }

    @Test
    void aPushCancelledByTheShutdownIsCountedAsCancelledNotAsAFailure() throws Exception {
        wm.stubFor(post(urlEqualTo("/api/v1/push")).willReturn(aResponse().withStatus(201).withFixedDelay(20_000)
                .withBody("[]")));
        AtomicBoolean done = new AtomicBoolean();
        Thread t = Thread.ofVirtual().start(() -> {
            sender().send(client, "q", "p1", PAYLOAD, 2, NanoClock.SYSTEM.nanoTime(), -1).achieved();
            done.set(true);
        });
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (wm.getAllServeEvents().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        signal.stop("duration");
        client.cancelAll();
        t.join(10_000);

        assertTrue(done.get());
        RunCounters.Snapshot c = counters.snapshot();
        assertEquals(0, c.pushErrReq(), "cut off by the shutdown: not an error (the reference's rule)");
        assertEquals(1, c.pushCanceledReq(), "counted once, as cancelled");
        assertEquals(1, counters.pushErrors.kind("canceled"));
        assertEquals(0, counters.pushErrors.total());
        assertEquals(0, recorders.failed.sampleInterval().getTotalCount(), "no failure latency for a cancel");
    }
}
