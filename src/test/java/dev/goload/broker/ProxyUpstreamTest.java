package dev.goload.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.ClientConfig;
import dev.goload.client.ErrorKind;
import dev.goload.client.PopRequest;
import dev.goload.client.PopResult;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.tenancy.SyntheticTenants;
import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The proxy personality forwarding to a separate broker over HTTP (the cell's proxy → broker topology). */
class ProxyUpstreamTest {
    private final TenantsFile tenants = SyntheticTenants.create(2, "camp", "bench");
    private final Tenant a = tenants.tenants().get(0);
    private final Tenant b = tenants.tenants().get(1);
    private final List<QueenClient> clients = new ArrayList<>();
    private final List<EmbeddedBroker> started = new ArrayList<>();

    @AfterEach
    void stop() {
        clients.forEach(QueenClient::close);
        started.forEach(EmbeddedBroker::close);
    }

    private EmbeddedBroker start(ProxyOptions p) {
        EmbeddedBroker e = EmbeddedBroker.start(BrokerOptions.defaults(), p);
        started.add(e);
        return e;
    }

    private QueenClient client(ClientConfig c) {
        QueenClient q = new QueenClient(c.withTimeoutMillis(10_000));
        clients.add(q);
        return q;
    }

    @Test
    void forwardsAdmittedRequestsToTheUpstreamBrokerScopedByTenant() {
        EmbeddedBroker broker = start(null);
        EmbeddedBroker proxy = start(ProxyOptions.of(tenants, ProxyLimits.UNLIMITED).withLog(s -> { })
                .withUpstream(URI.create(broker.url())));
        QueenClient asA = client(ClientConfig.of(proxy.url()).withHostHeader(a.clusterSlug()).withBearerToken(a.apiKey()));
        asA.push("orders", null, "{\"t\":0}".getBytes(StandardCharsets.UTF_8), 3);

        assertEquals(3, broker.stats().pushedMessages(), "the rows live in the upstream broker");
        assertEquals(0, proxy.stats().pushedMessages(), "nothing is stored in the proxy's own process");
        QueenClient directB = client(ClientConfig.of(broker.url()).withTenantId(b.brokerTenant()));
        assertTrue(directB.pop(PopRequest.of("orders").withBatch(10)).empty(), "scoped to tenant A's rows");
        QueenClient directA = client(ClientConfig.of(broker.url()).withTenantId(a.brokerTenant()));
        PopResult r = directA.pop(PopRequest.of("orders").withBatch(10).withCaptureData(true));
        assertEquals(3, r.size());
        assertEquals("{\"t\":0}", new String(r.messages().getFirst().data(), StandardCharsets.UTF_8));

        // an empty long-poll through the proxy is the broker's 204, passed through
        PopResult empty = asA.pop(PopRequest.of("orders").withBatch(10).withWait(true).withTimeoutMs(200));
        assertTrue(empty.empty());
        assertEquals(204, empty.httpStatus());
    }

    @Test
    void anUnreachableUpstreamIsA502() {
        EmbeddedBroker dead = start(null);
        URI gone = URI.create(dead.url());
        dead.close();
        EmbeddedBroker proxy = start(ProxyOptions.of(tenants, ProxyLimits.UNLIMITED).withLog(s -> { }).withUpstream(gone));
        QueenClient asA = client(ClientConfig.of(proxy.url()).withHostHeader(a.clusterSlug()).withBearerToken(a.apiKey()));
        QueenException e = assertThrows(QueenException.class,
                () -> asA.push("orders", null, "{}".getBytes(StandardCharsets.UTF_8), 1));
        assertEquals(502, e.status());
        assertEquals(ErrorKind.HTTP_5XX, e.kind());
    }
}
