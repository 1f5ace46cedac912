package dev.goload.modes.cm;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import dev.goload.verify.CmStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The warm-up's own retry loop must not count a seq-0 push that eventually succeeded as an error. */
class CmWarmupCountersTest {
    @Test
    void aWarmUpPushThatSucceedsOnItsSecondAttemptIsNeitherAPushErrorNorGivenUp() throws Exception {
        WireMockServer wm = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
        wm.start();
        try (QueenClient client = new QueenClient(ClientConfig.of("http://127.0.0.1:" + wm.port())
                .withRetry(RetryPolicy.NONE))) {
            wm.stubFor(post("/api/v1/push").inScenario("s").whenScenarioStateIs(Scenario.STARTED)
                    .willReturn(serverError()).willSetStateTo("ok"));
            wm.stubFor(post("/api/v1/push").inScenario("s").whenScenarioStateIs("ok")
                    .willReturn(aResponse().withStatus(201).withBody("[{\"status\":\"queued\"}]")));
            List<CmStage> stages = CmStage.standard("");
            CmCounters counters = new CmCounters(stages);
            RunSignal signal = new RunSignal();
            CmEvents events = new CmEvents(64, "n");
            dev.goload.metrics.RunCounters run = new dev.goload.metrics.RunCounters();
            dev.goload.metrics.RunRecorders recorders = new dev.goload.metrics.RunRecorders();
            StablePush pusher = new StablePush(new dev.goload.modes.PushSender(run, recorders, NanoClock.SYSTEM),
                    client, signal, 50, counters, NanoClock.SYSTEM);
            OrderedPushers flow = new OrderedPushers('A', "cm-avail", 1, 1, 16, events, pusher, counters, run,
                    recorders.lateness, signal, new EpochClock(NanoClock.SYSTEM), 1);
            WarmTracker warm = new WarmTracker(stages.size(), 1);
            for (int s = 0; s < stages.size(); s++) warm.mark(s, 0); // the drain part is not under test
            List<CmNote> lines = new ArrayList<>();

            assertNull(CmWarmup.run(List.of(flow), 4, warm, signal, lines::add));

            wm.verify(2, postRequestedFor(urlEqualTo("/api/v1/push")));
            assertEquals(1, counters.producedA.sum());
            assertEquals(0, counters.pushErr.sum(), "the property's seq 0 was stored: no push error");
            assertEquals(0, counters.pushGaveUp.sum(), "nothing was given up");
            assertEquals(2, run.sentReq.sum(), "both attempts are sent requests");
            assertEquals(1, run.pushErrReq.sum(), "the first attempt failed");
            assertEquals(1, run.achievedReq.sum());
        } finally {
            wm.stop();
        }
    }
}
