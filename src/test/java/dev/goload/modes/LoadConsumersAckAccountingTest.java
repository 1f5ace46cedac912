package dev.goload.modes;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.config.ConsumerOptions;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.pace.NanoClock;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** §2.1.1: acked += items with success, ackErr += N − successes; a whole-call error ⇒ ackErr += N. */
class LoadConsumersAckAccountingTest {
    private static final String POP = "{\"messages\":["
            + "{\"transactionId\":\"t1\",\"partitionId\":\"00000000-0000-0000-0000-000000000001\",\"leaseId\":\"l\",\"data\":{}},"
            + "{\"transactionId\":\"t2\",\"partitionId\":\"00000000-0000-0000-0000-000000000001\",\"leaseId\":\"l\",\"data\":{}},"
            + "{\"transactionId\":\"t3\",\"partitionId\":\"00000000-0000-0000-0000-000000000001\",\"leaseId\":\"l\",\"data\":{}}]}";

    /** A scripted broker on loopback, fresh for each test (an instance field: started and stopped per test). */
    @RegisterExtension
    final WireMockExtension wm = WireMockExtension.newInstance()
            .options(options().bindAddress("127.0.0.1").dynamicPort()).build();

    /** One wildcard consumer on queue {@code q}, batch 10, short pops, 2 ms empty sleep. */
    private static LoadConsumers startOne(QueenClient client, boolean manualAck, boolean async, RunCounters counters,
                                      RunSignal signal) {
        LoadConsumers c = new LoadConsumers(client, new ConsumerOptions(1, 10, true, 1, false, 2000, 2, manualAck, async, 4),
                "q", 1, counters, new RunRecorders(), signal, false, new EpochClock(NanoClock.SYSTEM),
                new AtomicInteger());
        c.start();
        return c;
    }

    private RunCounters runOnePop(boolean async, String ackStatusBody, int ackStatus) throws Exception {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).inScenario("s").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(200).withBody(POP)).willSetStateTo("done"));
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).inScenario("s").whenScenarioStateIs("done")
                .willReturn(aResponse().withStatus(204)));
        wm.stubFor(post(urlEqualTo("/api/v1/ack/batch")).willReturn(aResponse().withStatus(ackStatus).withBody(ackStatusBody)));
        RunCounters counters = new RunCounters();
        RunSignal signal = new RunSignal();
        try (QueenClient client = new QueenClient(ClientConfig.of("http://127.0.0.1:" + wm.getPort()))) {
            LoadConsumers c = startOne(client, true, async, counters, signal);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (counters.snapshot().ackCalls() == 0 && System.nanoTime() < deadline) Thread.sleep(5);
            signal.stop("test");
            assertTrue(c.awaitStopped(5000), "every loop ended and every ack drained");
        }
        return counters;
    }

    @Test
    void perItemFailuresAreAckErrors() throws Exception {
        RunCounters.Snapshot s = runOnePop(false,
                "[{\"success\":true},{\"success\":false,\"error\":\"Message not found\"},{\"success\":true,\"error\":\"x\"}]", 200).snapshot();
        assertEquals(3, s.popped());
        assertEquals(1, s.acked());
        assertEquals(2, s.ackErr());
    }

    @Test
    void aWholeCallErrorCountsEveryItem() throws Exception {
        RunCounters.Snapshot s = runOnePop(true, "{\"error\":\"boom\"}", 500).snapshot();
        assertEquals(0, s.acked());
        assertEquals(3, s.ackErr());
        assertEquals(1, s.ackCalls());
    }

    @Test
    void aBatchTheClientCannotAckIsCountedAndTheConsumerLivesOn() throws Exception {
        String noPartition = "{\"messages\":[{\"transactionId\":\"t1\",\"leaseId\":\"l\",\"data\":{}},"
                + "{\"transactionId\":\"t2\",\"leaseId\":\"l\",\"data\":{}}]}";
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).inScenario("s").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(200).withBody(noPartition)).willSetStateTo("done"));
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).inScenario("s").whenScenarioStateIs("done")
                .willReturn(aResponse().withStatus(204)));
        RunCounters counters = new RunCounters();
        RunSignal signal = new RunSignal();
        try (QueenClient client = new QueenClient(ClientConfig.of("http://127.0.0.1:" + wm.getPort()))) {
            LoadConsumers c = startOne(client, true, false, counters, signal);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (counters.snapshot().emptyPops() < 2 && System.nanoTime() < deadline) Thread.sleep(5);
            signal.stop("test");
            assertTrue(c.awaitStopped(5000), "every loop ended and every ack drained");
        }
        RunCounters.Snapshot s = counters.snapshot();
        assertEquals(2, s.popped());
        assertEquals(2, s.ackErr(), "both messages counted as ack errors");
        assertTrue(s.emptyPops() >= 2, "the consumer kept popping after the failed ack: " + s);
    }

    /** Waits (bounded) until the consumer's one pop is at the scripted broker, which holds its answer back. */
    private void awaitThePopAtTheBroker() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (wm.getAllServeEvents().isEmpty() && System.nanoTime() < deadline) Thread.sleep(5);
        assertEquals(1, wm.getAllServeEvents().size(), "the pop reached the broker");
    }

    /** One consumer whose single pop is in flight when the run stops; returns the counters afterwards. */
    private RunCounters stopDuringPop(int status, int delayMs, boolean cancelClient) throws Exception {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q"))
                .willReturn(aResponse().withStatus(status).withBody("{\"error\":\"boom\"}").withFixedDelay(delayMs)));
        RunCounters counters = new RunCounters();
        RunSignal signal = new RunSignal();
        try (QueenClient client = new QueenClient(ClientConfig.of("http://127.0.0.1:" + wm.getPort()))) {
            LoadConsumers c = startOne(client, false, false, counters, signal);
            awaitThePopAtTheBroker();
            signal.stop("test");
            if (cancelClient) client.cancelAll();
            assertTrue(c.awaitStopped(10_000), "every loop ended and every ack drained");
        }
        return counters;
    }

    @Test
    void aPopTheBrokerFailsDuringShutdownIsStillAPopError() throws Exception {
        // the answer is held 3 s so that the stop lands before it even when this thread is descheduled a while
        RunCounters.Snapshot s = stopDuringPop(500, 3_000, false).snapshot();
        assertEquals(1, s.popErr(), "the broker answered 500 after the stop signal");
        assertEquals(0, s.popCalls());
    }

    @Test
    void aPopCutOffByTheShutdownIsNotAnError() throws Exception {
        RunCounters.Snapshot s = stopDuringPop(204, 20_000, true).snapshot();
        assertEquals(0, s.popErr(), "the run cancelled it");
    }

    @Test
    void awaitStoppedSaysSoWhenAConsumerIsStillInItsPop() throws Exception {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q"))
                .willReturn(aResponse().withStatus(204).withFixedDelay(20_000)));
        RunSignal signal = new RunSignal();
        try (QueenClient client = new QueenClient(ClientConfig.of("http://127.0.0.1:" + wm.getPort()))) {
            LoadConsumers c = startOne(client, false, false, new RunCounters(), signal);
            awaitThePopAtTheBroker();
            signal.stop("test");
            assertFalse(c.awaitStopped(100), "the parked pop was not cut");
            client.cancelAll();
            assertTrue(c.awaitStopped(10_000), "cancelling the client ends it");
        }
    }
}
