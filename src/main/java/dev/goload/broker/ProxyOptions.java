package dev.goload.broker;

import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Settings of the embedded broker's proxy personality ({@code goload broker -proxy}; see docs/proxy.md).
 *
 * @param tenants           the clusters it routes to (slugs and key hashes unique)
 * @param enforce           true = answer 403/429; false = shadow mode (QUEEN_PROXY_ENFORCE=false): count and log
 *                          {@code would_block}, forward anyway. Routing (421) and authentication (401/403 mismatch)
 *                          are enforced in both modes, as a proxy cannot forward what it cannot attribute
 * @param misrouteFraction  TEST-ONLY fault switch in [0, 1]: this share of pops is served from another tenant's
 *                          rows, so a verifier must report cross-tenant deliveries; 0 in every real run
 * @param log               where {@code would_block} lines go (rate-limited: at most one per tenant per second)
 */
public record ProxyOptions(List<ProxyTenant> tenants, boolean enforce, double misrouteFraction,
        Consumer<String> log, java.net.URI upstream) {

    /** In front of the in-process broker (no upstream). */
    public ProxyOptions(List<ProxyTenant> tenants, boolean enforce, double misrouteFraction, Consumer<String> log) {
        this(tenants, enforce, misrouteFraction, log, null);
    }

    public ProxyOptions {
        tenants = List.copyOf(tenants);
        if (tenants.isEmpty()) {
            throw new IllegalArgumentException("the proxy needs at least one tenant");
        }
        Set<String> slugs = new HashSet<>();
        Set<String> keys = new HashSet<>();
        for (ProxyTenant t : tenants) {
            if (!slugs.add(t.clusterSlug())) {
                throw new IllegalArgumentException("duplicate cluster slug " + t.clusterSlug());
            }
            if (!keys.add(t.keySha256())) {
                throw new IllegalArgumentException("two clusters share one API key (" + t.clusterSlug() + ")");
            }
        }
        if (!(misrouteFraction >= 0 && misrouteFraction <= 1)) {
            throw new IllegalArgumentException("misrouteFraction must be in [0, 1], got " + misrouteFraction);
        }
        if (log == null) {
            log = System.err::println;
        }
    }

    /** Enforcing, no misrouting, every tenant of the file with {@code limits}; logs to stderr. */
    public static ProxyOptions of(TenantsFile file, ProxyLimits limits) {
        return of(file.tenants(), limits);
    }

    /** Enforcing, no misrouting, these tenants with {@code limits}; logs to stderr. */
    public static ProxyOptions of(List<Tenant> tenants, ProxyLimits limits) {
        List<ProxyTenant> out = new ArrayList<>(tenants.size());
        for (Tenant t : tenants) {
            out.add(ProxyTenant.of(t, limits));
        }
        return new ProxyOptions(out, true, 0, null);
    }

    public ProxyOptions withEnforce(boolean e) {
        return new ProxyOptions(tenants, e, misrouteFraction, log, upstream);
    }

    public ProxyOptions withMisrouteFraction(double f) {
        return new ProxyOptions(tenants, enforce, f, log, upstream);
    }

    public ProxyOptions withLog(Consumer<String> l) {
        return new ProxyOptions(tenants, enforce, misrouteFraction, l, upstream);
    }

    public ProxyOptions withTenants(List<ProxyTenant> t) {
        return new ProxyOptions(t, enforce, misrouteFraction, log, upstream);
    }

    /**
     * Forward admitted requests over HTTP to a broker at {@code u} (scoped by {@code x-queen-tenant}, as the real
     * proxy forwards) instead of to the in-process broker; {@code null} = in-process.
     */
    public ProxyOptions withUpstream(java.net.URI u) {
        return new ProxyOptions(tenants, enforce, misrouteFraction, log, u);
    }
}
