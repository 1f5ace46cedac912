package dev.goload.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.ClientConfig;
import dev.goload.client.PopRequest;
import dev.goload.client.PopResult;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.tenancy.SyntheticTenants;
import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProxyFrontTest {
    private final TenantsFile tenants = SyntheticTenants.create(2, "camp", "bench");
    private final Tenant a = tenants.tenants().get(0);
    private final Tenant b = tenants.tenants().get(1);
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    private final List<QueenClient> clients = new ArrayList<>();
    private EmbeddedBroker broker;

    @AfterEach
    void stop() {
        clients.forEach(QueenClient::close);
        if (broker != null) {
            broker.close();
        }
    }

    private void start(ProxyOptions p) {
        broker = EmbeddedBroker.start(BrokerOptions.defaults(), p.withLog(log::add));
    }

    private void start(ProxyLimits limits) {
        start(ProxyOptions.of(tenants, limits));
    }

    private QueenClient client(String host, String key) {
        QueenClient c = new QueenClient(ClientConfig.of(broker.url()).withHostHeader(host).withBearerToken(key)
                .withTimeoutMillis(10_000));
        clients.add(c);
        return c;
    }

    private QueenClient as(Tenant t) {
        return client(t.clusterSlug() + ".proxy.local", t.apiKey());
    }

    private static void push(QueenClient c, String queue, String payload) {
        c.push(queue, null, payload.getBytes(StandardCharsets.UTF_8), 1);
    }

    private static PopResult pop(QueenClient c, String queue) {
        return c.pop(PopRequest.of(queue).withBatch(10).withCaptureData(true));
    }

    @Test
    void routesByHostAndScopesRowsToTheClustersBrokerTenant() {
        start(ProxyLimits.UNLIMITED);
        push(as(a), "orders", "{\"t\":0}");
        assertTrue(pop(as(b), "orders").empty(), "tenant B must not see tenant A's row");
        // A client-sent x-queen-tenant naming B is replaced by the proxy, so A still reads its own rows only.
        QueenClient spoofing = new QueenClient(ClientConfig.of(broker.url()).withHostHeader(a.clusterSlug())
                .withBearerToken(a.apiKey()).withTenantId(b.brokerTenant()));
        clients.add(spoofing);
        PopResult r = pop(spoofing, "orders");
        assertEquals(1, r.size());
        assertEquals("{\"t\":0}", new String(r.messages().getFirst().data(), StandardCharsets.UTF_8));
        assertEquals(3, broker.proxyStats().forwarded());
    }

    @Test
    void unknownClusterAnswers421ClusterUnknown() {
        start(ProxyLimits.UNLIMITED);
        QueenException e = assertThrows(QueenException.class, () -> pop(client("nosuch.proxy", a.apiKey()), "q"));
        assertEquals(421, e.status());
        assertEquals("cluster_unknown", e.code());
        assertEquals(1, broker.proxyStats().unknownCluster());
    }

    @Test
    void keyOfAnotherClusterAnswers403MismatchAndMissingKey401() {
        start(ProxyLimits.UNLIMITED);
        QueenException e = assertThrows(QueenException.class, () -> pop(client(a.clusterSlug(), b.apiKey()), "q"));
        assertEquals(403, e.status());
        assertEquals("forbidden", e.code());
        assertTrue(e.body().contains("key/cluster mismatch"), e.body());
        QueenException none = assertThrows(QueenException.class, () -> pop(client(a.clusterSlug(), null), "q"));
        assertEquals(401, none.status());
        assertEquals("unauthorized", none.code());
        assertEquals(1, broker.proxyStats().keyMismatch());
        assertEquals(1, broker.proxyStats().unauthorized());
    }

    @Test
    void tinyRequestRateAnswers429WithRetryAfterAndCode() {
        start(new ProxyLimits(0.2, 0, 0));
        QueenClient c = as(a);
        assertTrue(pop(c, "q").empty());
        QueenException e = assertThrows(QueenException.class, () -> pop(c, "q"));
        assertEquals(429, e.status());
        assertEquals("rate_limited", e.code());
        assertTrue(e.retryAfterSeconds() >= 1, "Retry-After was " + e.retryAfterSeconds());
        assertTrue(pop(as(b), "q").empty(), "buckets are per tenant");
        assertEquals(1, broker.proxyStats().blocked());
    }

    @Test
    void messageBucketChargesEveryPushedMessage() {
        start(new ProxyLimits(0, 3, 0));
        QueenClient c = as(a);
        c.push("q", null, "{}".getBytes(StandardCharsets.UTF_8), 3);
        // Charged per request, 2 tokens would be left and this push would pass. Three messages, so only a stall of
        // a whole second between the two pushes (a full refill) could let it through, not one of 333 ms (one token).
        QueenException e = assertThrows(QueenException.class,
                () -> c.push("q", null, "{}".getBytes(StandardCharsets.UTF_8), 3));
        assertEquals(429, e.status());
        assertEquals("rate_limited", e.code());
        assertEquals(3, broker.stats().pushedMessages());
    }

    @Test
    void parkedLongPollSlotsAreCappedWithQuotaExceeded() throws Exception {
        start(new ProxyLimits(0, 0, 1));
        QueenClient c = as(a);
        CompletableFuture<PopResult> parked = CompletableFuture.supplyAsync(
                () -> c.pop(PopRequest.of("q").withWait(true).withTimeoutMs(8000)));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (broker.proxyStats().parkedNow() < 1 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        QueenException seen = null;
        while (seen == null && System.nanoTime() < deadline) {
            try {
                c.pop(PopRequest.of("q").withWait(true).withTimeoutMs(50));
            } catch (QueenException e) {
                seen = e;
            }
        }
        assertTrue(seen != null, "a second parked pop must be refused while the slot is held");
        assertEquals(429, seen.status());
        assertEquals("quota_exceeded", seen.code());
        push(as(a), "q", "{}");
        assertEquals(1, parked.get(10, TimeUnit.SECONDS).size(), "the parked pop is served normally");
    }

    @Test
    void suspendedClusterAnswers403ClusterSuspended() {
        ProxyOptions p = ProxyOptions.of(tenants, ProxyLimits.UNLIMITED);
        List<ProxyTenant> ts = new ArrayList<>(p.tenants());
        ts.set(0, ts.get(0).withSuspended(true));
        start(p.withTenants(ts));
        QueenException e = assertThrows(QueenException.class, () -> pop(as(a), "q"));
        assertEquals(403, e.status());
        assertEquals("cluster_suspended", e.code());
    }

    @Test
    void shadowModeForwardsAndCountsWouldBlockWithoutLoggingKeys() {
        start(ProxyOptions.of(tenants, new ProxyLimits(0.2, 0, 0)).withEnforce(false));
        QueenClient c = as(a);
        for (int i = 0; i < 5; i++) {
            assertTrue(pop(c, "q").empty());
        }
        assertEquals(4, broker.proxyStats().wouldBlock());
        assertEquals(0, broker.proxyStats().blocked());
        assertEquals(5, broker.proxyStats().forwarded());
        assertFalse(log.isEmpty());
        assertTrue(log.getFirst().contains("would_block") && log.getFirst().contains("rate_limited"), log.getFirst());
        assertTrue(log.stream().noneMatch(l -> l.contains(a.apiKey()) || l.contains(b.apiKey())));
    }

    @Test
    void misrouteSwitchServesPopsFromAnotherTenantsRows() {
        start(ProxyOptions.of(tenants, ProxyLimits.UNLIMITED).withMisrouteFraction(1.0));
        push(as(a), "orders", "{\"t\":0}");
        push(as(b), "orders", "{\"t\":1}");
        PopResult r = pop(as(a), "orders");
        assertEquals(1, r.size());
        assertEquals("{\"t\":1}", new String(r.messages().getFirst().data(), StandardCharsets.UTF_8),
                "tenant A's consumer must see tenant B's message");
        assertEquals(1, broker.proxyStats().misrouted());
    }

    @Test
    void misrouteFractionMisroutesExactlyThatShareOfPops() {
        start(ProxyOptions.of(tenants, ProxyLimits.UNLIMITED).withMisrouteFraction(0.25));
        QueenClient pa = as(a);
        QueenClient pb = as(b);
        for (int i = 0; i < 8; i++) {
            push(pa, "orders", "{\"t\":0}");
            push(pb, "orders", "{\"t\":1}");
        }
        int foreign = 0;
        for (int i = 0; i < 8; i++) {
            PopResult r = pa.pop(PopRequest.of("orders").withBatch(1).withAutoAck(true).withCaptureData(true));
            String body = new String(r.messages().getFirst().data(), StandardCharsets.UTF_8);
            foreign += body.equals("{\"t\":1}") ? 1 : 0;
        }
        assertEquals(2, foreign);
        assertEquals(2, broker.proxyStats().misrouted());
    }

    @Test
    void healthzNeedsNoCredentials() {
        start(ProxyLimits.UNLIMITED);
        assertEquals("ok", client("anything", null).health().get("status").asText());
        assertEquals(0, broker.proxyStats().requests());
    }
}
