package dev.goload.modes.cloud;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.goload.cli.CloudCommand;
import dev.goload.cli.FlagTables;
import dev.goload.cli.GoFlagParser;
import dev.goload.client.QueenClient;
import dev.goload.config.CloudConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.pace.NanoClock;
import dev.goload.verify.FaultPlan;
import dev.goload.verify.TenantResult;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cloud producers against a scripted broker, on both push paths (the push loop and a virtual thread per
 * request): the per-item statuses of an answer decide the ledger and the counters alike, and a push still in flight
 * when the producers stop goes on, and is canceled (not failed) when the shutdown cuts it.
 */
class CloudProducersTest {
    @RegisterExtension
    final WireMockExtension wm = WireMockExtension.newInstance()
            .options(options().bindAddress("127.0.0.1").dynamicPort()).build();

    private final RunCounters counters = new RunCounters();
    private final RunRecorders recorders = new RunRecorders();
    private final CloudCounters extras = new CloudCounters();

    private CloudConfig config(String... extra) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("-target", "broker", "-url",
                "http://127.0.0.1:" + wm.getPort(), "-rate", "400", "-push-batch", "4", "-duration", "1"));
        args.addAll(List.of(extra));
        return CloudCommand.config(GoFlagParser.parse(FlagTables.cloud(), args.toArray(String[]::new)));
    }

    private CloudProducers producers(CloudConfig cfg, TenantState t, boolean pushLoop) {
        return producers(cfg, t, pushLoop, CloudTxnIds.forRunStartingNow());
    }

    private CloudProducers producers(CloudConfig cfg, TenantState t, boolean pushLoop, CloudTxnIds ids) {
        return producers(cfg, t, pushLoop, ids, FaultPlan.none());
    }

    private CloudProducers producers(CloudConfig cfg, TenantState t, boolean pushLoop, CloudTxnIds ids,
                                     FaultPlan faults) {
        return new CloudProducers(cfg, List.of(t), counters, recorders, extras, faults,
                NanoClock.SYSTEM, new EpochClock(NanoClock.SYSTEM), ids, pushLoop);
    }

    /** Every item's transaction id in the bodies the broker was sent, in arrival order. */
    private List<String> sentTransactionIds() {
        List<String> out = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"transactionId\"\\s*:\\s*\"([^\"]+)\"")
                .matcher(String.join("\n", wm.getAllServeEvents().stream()
                        .map(e -> e.getRequest().getBodyAsString()).toList()));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static TenantState tenant(CloudConfig cfg, QueenClient client) {
        return new TenantState(CloudTenant.synthesized(0), client, cfg.queueFor(0), 1);
    }

    private static void await(BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(done.getAsBoolean(), what);
    }

    @ParameterizedTest(name = "push loop {0}")
    @ValueSource(booleans = {true, false})
    void perItemStatusesDecideWhichSeqsWereSentFailedOrAmbiguous(boolean pushLoop) throws Exception {
        // every request of 4 items: queued, failed, duplicate, and a status nobody knows (no definite answer)
        wm.stubFor(post(urlPathEqualTo("/api/v1/push")).willReturn(aResponse().withStatus(201).withBody(
                "[{\"status\":\"queued\"},{\"status\":\"failed\",\"error\":\"disk full\"},"
                        + "{\"status\":\"duplicate\"},{\"status\":\"sideways\"}]")));
        CloudConfig cfg = config();
        List<QueenClient> clients = CloudClients.build(cfg, List.of(CloudTenant.synthesized(0)));
        try {
            TenantState t = tenant(cfg, clients.get(0));
            CloudProducers p = producers(cfg, t, pushLoop);
            assertEquals(pushLoop ? "loop" : "virtual-threads", p.pushPath());
            long now = NanoClock.SYSTEM.nanoTime();
            p.start(now, now + 250_000_000L, 7);
            await(() -> counters.sentReq.sum() >= 5, "some pushes were sent");
            p.stop();
            await(() -> p.inflight() == 0, "every push has its outcome");
            long req = counters.sentReq.sum();
            assertEquals(req, counters.pushErrReq.sum(), "every request had items not accepted");
            assertEquals(0, counters.achievedReq.sum());
            assertEquals(2 * req, counters.itemFailed.sum(), "failed and unknown items");
            assertEquals(2 * req, counters.pushedMsgs.sum(), "queued and duplicate items were accepted");
            assertEquals(req, counters.itemDuplicate.sum());
            assertEquals(2 * req, t.pushed.sum());
            assertEquals(req, counters.pushErrors.snapshot().kind("item_failed"));
            TenantResult r = t.ledger.result();
            assertEquals(4 * req, r.seqAssigned(), "one seq block per request");
            assertEquals(2 * req, r.sentOk(), "seqs 1 and 3 of each block were sent");
            assertEquals(2 * req, r.sentFail(), "seqs 2 and 4 were not");
            assertEquals(req, r.ambiguousSent(), "seq 4 (no definite answer) may have been committed all the same");
            assertEquals(0, extras.liveTasks.get());
            wm.verify((int) req, postRequestedFor(urlPathEqualTo("/api/v1/push")));
        } finally {
            CloudClients.closeAll(clients);
        }
    }

    @ParameterizedTest(name = "push loop {0}")
    @ValueSource(booleans = {true, false})
    void everyItemGoesOutWithTheTransactionIdItsTenantAndSeqDerive(boolean pushLoop) throws Exception {
        // the ids are caller-fixed (the verdict recomputes a missing message's id): neither path may draw fresh ones
        wm.stubFor(post(urlPathEqualTo("/api/v1/push")).willReturn(aResponse().withStatus(201).withBody(
                "[{\"status\":\"queued\"},{\"status\":\"queued\"},{\"status\":\"queued\"},"
                        + "{\"status\":\"queued\"}]")));
        CloudConfig cfg = config();
        CloudTxnIds ids = new CloudTxnIds(1_700_000_000_000L, 42);
        List<QueenClient> clients = CloudClients.build(cfg, List.of(CloudTenant.synthesized(0)));
        try {
            TenantState t = tenant(cfg, clients.get(0));
            CloudProducers p = producers(cfg, t, pushLoop, ids);
            long now = NanoClock.SYSTEM.nanoTime();
            p.start(now, now + 250_000_000L, 7);
            await(() -> counters.sentReq.sum() >= 3, "some pushes were sent");
            p.stop();
            await(() -> p.inflight() == 0, "every push has its outcome");
            long req = counters.sentReq.sum();
            assertEquals(req, counters.achievedReq.sum());
            List<String> items = sentTransactionIds();
            java.util.Set<String> want = new java.util.TreeSet<>();
            for (long seq = 1; seq <= 4 * req; seq++) {
                want.add(ids.of(0, seq));
            }
            assertEquals(4 * req, items.size(), "one id per item");
            assertEquals(want, new java.util.TreeSet<>(items));
        } finally {
            CloudClients.closeAll(clients);
        }
    }

    @ParameterizedTest(name = "push loop {0}")
    @ValueSource(booleans = {true, false})
    void aDupPushFaultRePushesAnAcceptedRequestWithFreshIdsAsARequestOfItsOwnMarkingNoLedger(boolean pushLoop)
            throws Exception {
        wm.stubFor(post(urlPathEqualTo("/api/v1/push")).willReturn(aResponse().withStatus(201).withBody(
                "[{\"status\":\"queued\"},{\"status\":\"queued\"},{\"status\":\"queued\"},"
                        + "{\"status\":\"queued\"}]")));
        CloudConfig cfg = config();
        CloudTxnIds ids = new CloudTxnIds(1_700_000_000_000L, 42);
        FaultPlan faults = FaultPlan.parse("dup-push=2");
        List<QueenClient> clients = CloudClients.build(cfg, List.of(CloudTenant.synthesized(0)));
        try {
            TenantState t = tenant(cfg, clients.get(0));
            CloudProducers p = producers(cfg, t, pushLoop, ids, faults);
            long now = NanoClock.SYSTEM.nanoTime();
            p.start(now, now + 250_000_000L, 7);
            await(() -> counters.sentReq.sum() >= 5, "some pushes were sent");
            p.stop();
            // a launch's slot is held until its re-push has its outcome too
            await(() -> p.inflight() == 0, "every push has its outcome");
            assertEquals(2, faults.injected(FaultPlan.Fault.DUP_PUSH));
            assertEquals(8, faults.affectedMessages(FaultPlan.Fault.DUP_PUSH));
            long req = counters.sentReq.sum();
            assertEquals(req, counters.achievedReq.sum());
            wm.verify((int) req, postRequestedFor(urlPathEqualTo("/api/v1/push")));
            long launched = req - 2;
            java.util.Set<String> derived = new java.util.HashSet<>();
            for (long seq = 1; seq <= 4 * launched; seq++) {
                derived.add(ids.of(0, seq));
            }
            List<String> items = sentTransactionIds();
            assertEquals(4 * req, items.size());
            assertEquals(8, items.stream().filter(id -> !derived.contains(id)).distinct().count(),
                    "the re-pushed items carry fresh ids: broker dedup cannot suppress them");
            assertEquals(4 * req, t.pushed.sum(), "the re-pushes' items were pushed too");
            TenantResult r = t.ledger.result();
            assertEquals(4 * launched, r.seqAssigned(), "a re-push reserves no seq");
            assertEquals(4 * launched, r.sentOk());
            assertEquals(0, extras.liveTasks.get());
        } finally {
            CloudClients.closeAll(clients);
        }
    }

    @ParameterizedTest(name = "push loop {0}")
    @ValueSource(booleans = {true, false})
    void aPushInFlightAtTheStopGoesOnAndIsCanceledNotFailedWhenTheShutdownCutsIt(boolean pushLoop)
            throws Exception {
        wm.stubFor(post(urlPathEqualTo("/api/v1/push")).willReturn(aResponse().withStatus(201)
                .withFixedDelay(60_000).withBody("[]")));
        CloudConfig cfg = config("-rate", "40", "-timeout", "120000");
        List<QueenClient> clients = CloudClients.build(cfg, List.of(CloudTenant.synthesized(0)));
        try {
            TenantState t = tenant(cfg, clients.get(0));
            CloudProducers p = producers(cfg, t, pushLoop);
            long now = NanoClock.SYSTEM.nanoTime();
            p.start(now, now + 200_000_000L, 7);
            await(() -> counters.sentReq.sum() >= 2, "pushes were sent");
            p.stop();
            long sent = counters.sentReq.sum();
            Thread.sleep(200);
            assertEquals(sent, p.inflight(), "the stop cancels no push: all still in flight");
            assertEquals(0, counters.pushErrReq.sum() + counters.pushCanceledReq());
            CloudClients.cancelAll(clients);
            await(() -> p.inflight() == 0, "the cut pushes have their outcome");
            assertEquals(sent, counters.pushCanceledReq(), "cut at shutdown: canceled");
            assertEquals(sent, counters.pushErrors.kind("canceled"), "once, in the family's canceled kind too");
            assertEquals(0, counters.pushErrors.total());
            assertEquals(0, counters.pushErrReq.sum(), "not failed");
            TenantResult r = t.ledger.result();
            assertEquals(0, r.sentOk());
            assertEquals(0, r.sentFail(), "a canceled push is not a failed send (the reference's rule)");
            assertEquals(4 * sent, r.ambiguousSent(), "but the broker may have committed it");
            assertEquals(0, extras.liveTasks.get());
        } finally {
            CloudClients.closeAll(clients);
        }
    }

    private String pathOf(CloudConfig cfg, int tenantCount) {
        List<CloudTenant> list = new java.util.ArrayList<>();
        for (int i = 0; i < tenantCount; i++) {
            list.add(CloudTenant.synthesized(i));
        }
        List<QueenClient> clients = CloudClients.build(cfg, list);
        try {
            List<TenantState> ts = new java.util.ArrayList<>();
            for (int i = 0; i < tenantCount; i++) {
                ts.add(new TenantState(list.get(i), clients.get(i), cfg.queueFor(i), 1));
            }
            return new CloudProducers(cfg, ts, counters, recorders, extras, FaultPlan.none(),
                    NanoClock.SYSTEM, new EpochClock(NanoClock.SYSTEM), CloudTxnIds.forRunStartingNow(), true)
                    .pushPath();
        } finally {
            CloudClients.closeAll(clients);
        }
    }

    @Test
    void theLoopCarriesThePushesOnlyWhereEveryClientAllowsItAndThereAreFewEnoughClients() throws Exception {
        assertEquals("loop", pathOf(config(), CloudPushLoops.MAX_LOOPS), "one loop per tenant client");
        assertEquals("virtual-threads", pathOf(config(), CloudPushLoops.MAX_LOOPS + 1),
                "a reader thread per client would not scale to thousands of tenants");
        assertEquals("loop", pathOf(config("-broker-tenant-header=false"), CloudPushLoops.MAX_LOOPS + 1),
                "one client shared by every tenant: one loop");
        assertEquals("virtual-threads", pathOf(config("-retries", "2"), 1), "a client that retries");
    }
}
