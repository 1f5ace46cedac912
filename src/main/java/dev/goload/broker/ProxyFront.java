package dev.goload.broker;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.goload.tenancy.ApiKeys;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The proxy personality: the cell proxy's contract (queen-wire.md §B.4) in front of the embedded broker's router,
 * on the same port. Order of checks: health ({@code GET /healthz}, no credentials) → Host routing (first DNS label
 * = cluster slug, else 421 {@code cluster_unknown}) → Bearer key (401 {@code unauthorized}; a key of another
 * cluster ⇒ 403 {@code forbidden} "key/cluster mismatch") → suspension (403 {@code cluster_suspended}) → request
 * bucket, message bucket (pushes), parked long-poll slots (429 with {@code Retry-After}). Blocking decisions are
 * answered in enforce mode and only counted and logged as {@code would_block} in shadow mode. Forwarding replaces
 * any client {@code x-queen-tenant} by the cluster's broker tenant and answers with an {@code x-queen-request-id}.
 *
 * <p>Thread-safe: called concurrently on virtual threads; per-tenant state is in {@link ProxyTenantState}.
 */
final class ProxyFront implements HttpHandler {
    static final String REQUEST_ID_HEADER = "x-queen-request-id";

    private final Upstream router;
    private final ProxyOptions options;
    private final Map<String, ProxyTenantState> bySlug = new HashMap<>();
    private final Map<String, ProxyTenantState> byKeyHash = new HashMap<>();
    private final List<ProxyTenantState> ordered;
    private final LongSupplier nanoClock;
    private final ProxyCounters counters = new ProxyCounters();
    private final AtomicLong pops = new AtomicLong();

    ProxyFront(Upstream router, ProxyOptions options, LongSupplier nanoClock) {
        this.router = router;
        this.options = options;
        this.nanoClock = nanoClock;
        for (ProxyTenant t : options.tenants()) {
            ProxyTenantState s = new ProxyTenantState(t, nanoClock);
            bySlug.put(t.clusterSlug(), s);
            byKeyHash.put(t.keySha256(), s);
        }
        this.ordered = options.tenants().stream().map(t -> bySlug.get(t.clusterSlug())).toList();
    }

    ProxyStats stats() {
        return counters.snapshot();
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] body = Router.body(ex);
            String method = ex.getRequestMethod();
            String path = ex.getRequestURI().getRawPath();
            String query = ex.getRequestURI().getRawQuery();
            if (method.equals("GET") && (path.equals("/healthz") || path.equals("/health"))) {
                Router.send(ex, Reply.json(200, new JsonOut(32).beginObject().field("status", "ok")
                        .field("proxy", true).endObject()));
                return;
            }
            counters.requests.increment();
            String slug = firstLabel(ex.getRequestHeaders().getFirst("Host"));
            ProxyTenantState cluster = bySlug.get(slug);
            if (cluster == null) {
                counters.unknownCluster.increment();
                Router.send(ex, error(421, "unknown cluster " + clip(slug), "cluster_unknown"));
                return;
            }
            ProxyTenantState owner = authenticate(ex.getRequestHeaders().getFirst("Authorization"));
            if (owner == null) {
                counters.unauthorized.increment();
                Router.send(ex, error(401, "missing or invalid API key", "unauthorized"));
                return;
            }
            if (owner != cluster) {
                counters.keyMismatch.increment();
                Router.send(ex, error(403, "key/cluster mismatch", "forbidden"));
                return;
            }
            boolean isPop = method.equals("GET") && path.startsWith("/api/v1/pop/");
            // parsed as the broker parses it, so a slot is held exactly when the broker will park the pop
            boolean parks = isPop && PopRoute.bool(Request.query(query).get("wait"));
            Decision d = admit(cluster, method, path, body, parks);
            if (d != null) {
                if (options.enforce()) {
                    counters.blocked.increment();
                    if (d.retryAfterSec > 0) {
                        ex.getResponseHeaders().set("Retry-After", Long.toString(d.retryAfterSec));
                    }
                    Router.send(ex, error(d.status, d.message, d.code));
                    return;
                }
                counters.wouldBlock.increment();
                cluster.logWouldBlock(d.code, options.log());
            }
            boolean slotHeld = parks && d == null && cluster.parked != null;
            if (slotHeld) {
                counters.parkedNow.increment();
            }
            try {
                ex.getResponseHeaders().set(REQUEST_ID_HEADER, Ids.uuidV7(System.currentTimeMillis()));
                counters.forwarded.increment();
                Router.send(ex, forward(cluster, method, path, query, body, isPop));
            } finally {
                if (slotHeld) {
                    counters.parkedNow.decrement();
                    cluster.parked.release();
                }
            }
        }
    }

    /** Null = admitted; otherwise the blocking decision. A parked slot taken here is released by the caller. */
    private Decision admit(ProxyTenantState t, String method, String path, byte[] body, boolean parks) {
        if (t.tenant.suspended()) {
            return new Decision(403, "cluster suspended", "cluster_suspended", 0);
        }
        long wait = t.requests == null ? 0 : t.requests.tryTake(1);
        if (wait > 0) {
            return new Decision(429, "request rate limit exceeded", "rate_limited", retryAfterSec(wait));
        }
        if (t.messages != null && method.equals("POST") && path.equals("/api/v1/push")) {
            wait = t.messages.tryTake(pushedMessages(body));
            if (wait > 0) {
                return new Decision(429, "message rate limit exceeded", "rate_limited", retryAfterSec(wait));
            }
        }
        if (parks && t.parked != null && !t.parked.tryAcquire()) {
            return new Decision(429, "parked long-poll slots exhausted", "quota_exceeded", 1);
        }
        return null;
    }

    private Reply forward(ProxyTenantState t, String method, String path, String query, byte[] body, boolean isPop)
            throws IOException {
        if (isPop && options.misrouteFraction() > 0 && ordered.size() > 1 && misrouteThisPop()) {
            ProxyTenantState other = ordered.get((ordered.indexOf(t) + 1) % ordered.size());
            // Non-parking so a misrouted pop never sleeps on someone else's queue; empty ⇒ serve normally.
            Reply stolen = router.dispatch(new Request(method, path, withoutWait(query), other.tenant.brokerTenant(),
                    body));
            if (stolen.status() == 200) {
                counters.misrouted.increment();
                return stolen;
            }
        }
        return router.dispatch(new Request(method, path, query, t.tenant.brokerTenant(), body));
    }

    /** Exactly floor(n·f) of the first n pops are misrouted, spread evenly (no randomness to flake a test). */
    private boolean misrouteThisPop() {
        long n = pops.incrementAndGet();
        double f = options.misrouteFraction();
        return (long) Math.floor(n * f) > (long) Math.floor((n - 1) * f);
    }

    private ProxyTenantState authenticate(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        String key = authorization.substring(7).trim();
        return ApiKeys.wellFormed(key) ? byKeyHash.get(ApiKeys.sha256Hex(key)) : null;
    }

    private static int pushedMessages(byte[] body) {
        try {
            return Math.max(1, PushRoute.parseBody(body).size());
        } catch (IOException | RuntimeException e) {
            return 1; // the broker answers 400 for it; charge one token
        }
    }

    private static long retryAfterSec(long waitNanos) {
        return Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
    }

    static String firstLabel(String host) {
        if (host == null) {
            return "";
        }
        String h = host.trim().toLowerCase(Locale.ROOT);
        int colon = h.indexOf(':');
        if (colon >= 0) {
            h = h.substring(0, colon);
        }
        int dot = h.indexOf('.');
        return dot >= 0 ? h.substring(0, dot) : h;
    }

    private static String withoutWait(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return "wait=false";
        }
        StringBuilder b = new StringBuilder();
        for (String pair : rawQuery.split("&")) {
            if (!pair.startsWith("wait=")) {
                b.append(pair).append('&');
            }
        }
        return b.append("wait=false").toString();
    }

    private static String clip(String s) {
        String q = s.isEmpty() ? "\"\"" : s;
        return q.length() > 64 ? q.substring(0, 64) + "…" : q;
    }

    private static Reply error(int status, String message, String code) {
        return Reply.json(status, new JsonOut(64 + message.length()).beginObject().field("error", message)
                .field("code", code).endObject());
    }

    private record Decision(int status, String message, String code, long retryAfterSec) {}
}
