package dev.goload.modes.cloud;

import dev.goload.client.ClientConfig;
import dev.goload.client.ConnectionTally;
import dev.goload.client.PopAutopilot;
import dev.goload.client.QueenClient;
import dev.goload.client.Retry429Policy;
import dev.goload.client.RetryPolicy;
import dev.goload.config.CloudConfig;
import dev.goload.modes.LoaderWarmUp;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the per-tenant clients (goload-behavior.md §2.3 setup step 6): proxy target ⇒ Bearer API key + Host =
 * cluster slug; broker target ⇒ {@code x-queen-tenant: brokerTenant}; broker target without the header ⇒ one
 * client shared by every tenant (the pre-tenancy control). Keys go into {@link ClientConfig}, whose
 * {@code toString()} masks them.
 */
final class CloudClients {
    private CloudClients() {}

    /** The 429 policy of {@code -retry429-attempts}: 1 = surface at once, n &gt; 1 bounded, 0 = SDK kind defaults. */
    static Retry429Policy retry429(int attempts) {
        return switch (attempts) {
            case 0 -> Retry429Policy.goDefaults();
            case 1 -> Retry429Policy.NONE;
            default -> Retry429Policy.of(attempts);
        };
    }

    /**
     * One client per tenant, index-aligned with {@code tenants} (the same instance repeated when shared), all
     * counting their sockets in one tally, so the run's peak of open connections is exact.
     */
    static List<QueenClient> build(CloudConfig cfg, List<CloudTenant> tenants) {
        ClientConfig base = ClientConfig.of(cfg.url())
                .withTimeoutMillis(cfg.timeoutMs())
                .withIdleConns(cfg.idleConnsPerClient(tenants.size()))
                .withIdleTimeoutMillis(cfg.idleTimeoutMs())
                .withRetry(cfg.retries() > 0 ? RetryPolicy.fromGoRetryAttempts(cfg.retries()) : RetryPolicy.NONE)
                .withRetry429(retry429(cfg.retry429Attempts()))
                .withPopAutopilot("on".equals(cfg.popAutopilot()) ? PopAutopilot.ON : PopAutopilot.OFF);
        List<QueenClient> out = new ArrayList<>(tenants.size());
        ConnectionTally connections = new ConnectionTally();
        if (cfg.target().equals("broker") && !cfg.brokerTenantHeader()) {
            QueenClient shared = new QueenClient(base);
            for (int i = 0; i < tenants.size(); i++) {
                out.add(shared);
            }
            return out;
        }
        try {
            for (CloudTenant t : tenants) {
                ClientConfig c = cfg.target().equals("proxy")
                        ? base.withBearerToken(t.apiKey()).withHostHeader(t.clusterSlug())
                        : base.withTenantId(t.brokerTenant());
                out.add(new QueenClient(c, connections));
            }
        } catch (RuntimeException e) {
            closeAll(out);
            throw e;
        }
        return out;
    }

    /**
     * The connections each client's warm-up dials (docs/openloop.md#warm-up-before-t0): what its tenants' pacers and
     * consumers keep busy; a client shared by every tenant, all of them.
     */
    static int warmUpConnections(CloudConfig cfg, List<QueenClient> clients) {
        int n = clients.size();
        return LoaderWarmUp.connections(warmUpPushes(cfg, clients), cfg.consumersPerTenant() * tenantsPerClient(clients),
                cfg.idleConnsPerClient(n));
    }

    /** The pushes each client keeps in flight (of its tenants' pacers): the sockets its push loop dials ahead. */
    static int warmUpPushes(CloudConfig cfg, List<QueenClient> clients) {
        int n = clients.size();
        int perClient = tenantsPerClient(clients);
        double tenantRps = cfg.perProducerRps(n) * cfg.producersPerTenant();
        return LoaderWarmUp.producerConcurrency(tenantRps * perClient, cfg.maxInflight() * perClient / Math.max(1, n));
    }

    private static int tenantsPerClient(List<QueenClient> clients) {
        return (int) Math.max(1, clients.size() / Math.max(1, clients.stream().distinct().count()));
    }

    static void closeAll(List<QueenClient> clients) {
        clients.stream().distinct().forEach(QueenClient::close);
    }

    /** Keep-alive reconnects of all tenant clients (a client shared by every tenant counted once). */
    static long reconnects(List<QueenClient> clients) {
        return clients.stream().distinct().mapToLong(c -> c.stats().reconnects()).sum();
    }

    static void cancelAll(List<QueenClient> clients) {
        clients.stream().distinct().forEach(QueenClient::cancelAll);
    }
}
