package dev.goload.modes.cloud;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.goload.cli.CloudCommand;
import dev.goload.cli.FlagTables;
import dev.goload.cli.GoFlagParser;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.config.CloudConfig;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.pace.NanoClock;
import dev.goload.verify.FaultPlan;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The cloud consumer loop against a scripted broker. */
class CloudConsumersTest {
    /** A scripted broker on loopback, fresh for each test (an instance field: started and stopped per test). */
    @RegisterExtension
    final WireMockExtension wm = WireMockExtension.newInstance()
            .options(options().bindAddress("127.0.0.1").dynamicPort()).build();

    @Test
    void aBatchTheClientCannotAckIsAnAckErrorAndTheConsumerLivesOn() throws Exception {
        String noPartition = "{\"messages\":[{\"transactionId\":\"t1\",\"leaseId\":\"l\",\"data\":{}},"
                + "{\"transactionId\":\"t2\",\"leaseId\":\"l\",\"data\":{}}]}";
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/orders")).inScenario("s")
                .whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(200).withBody(noPartition)).willSetStateTo("done"));
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/orders")).inScenario("s").whenScenarioStateIs("done")
                .willReturn(aResponse().withStatus(204)));
        String url = "http://127.0.0.1:" + wm.getPort();
        CloudConfig cfg = CloudCommand.config(GoFlagParser.parse(FlagTables.cloud(), "-target", "broker", "-url", url,
                "-rate", "1", "-pop-wait=false", "-empty-sleep", "2"));
        CloudCounters c = new CloudCounters();
        RunCounters counters = new RunCounters();
        RunRecorders recorders = new RunRecorders();
        try (QueenClient client = new QueenClient(ClientConfig.of(url))) {
            TenantState t = new TenantState(CloudTenant.synthesized(0), client, cfg.queueFor(0), 1);
            CloudConsumers consumers = new CloudConsumers(cfg, List.of(t), counters, recorders,
                    recorders.add("e2eFromSend"), c, FaultPlan.none(), new EpochClock(NanoClock.SYSTEM));
            consumers.start();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (counters.emptyPops.sum() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            consumers.stop();
            assertTrue(consumers.await(5_000), "the consumer left its loop");
        }
        assertEquals(2, counters.popped.sum());
        assertTrue(counters.emptyPops.sum() >= 2, "the consumer kept popping after the failed ack");
        ErrorStats.Snapshot ack = counters.ackErrors.snapshot();
        assertEquals(1, ack.total());
        assertEquals(1, ack.kind("other"));
        assertEquals(0, counters.acked.sum());
        assertEquals(2, counters.ackErr.sum(), "both messages of the batch went unacked");
        assertTrue(c.popReqs.sum() >= counters.popCalls.sum() && counters.popCalls.sum() >= 3, "attempts and answers");
    }
}
