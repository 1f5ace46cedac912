package dev.goload.broker;

import dev.goload.tenancy.ApiKeys;
import dev.goload.tenancy.Tenant;
import java.util.regex.Pattern;

/**
 * One cluster as the proxy personality knows it: routing slug, the sha256 hex of its one API key (the plaintext is
 * never held), the broker tenant UUID injected as {@code x-queen-tenant}, the suspended flag and its limits.
 * Immutable.
 */
public record ProxyTenant(String clusterSlug, String keySha256, String brokerTenant, boolean suspended,
        ProxyLimits limits) {
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");
    private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");

    public ProxyTenant {
        if (clusterSlug == null || !DNS_LABEL.matcher(clusterSlug).matches()) {
            throw new IllegalArgumentException("cluster slug must be a lower-case DNS label, got " + clusterSlug);
        }
        if (keySha256 == null || !HEX64.matcher(keySha256).matches()) {
            throw new IllegalArgumentException("cluster " + clusterSlug + ": key hash must be 64 lower-case hex");
        }
        if (brokerTenant == null || brokerTenant.isBlank()) {
            throw new IllegalArgumentException("cluster " + clusterSlug + ": broker tenant UUID missing");
        }
        if (limits == null) {
            limits = ProxyLimits.UNLIMITED;
        }
    }

    /** From a tenants-file entry: hashes its key, keeps no plaintext. */
    public static ProxyTenant of(Tenant t, ProxyLimits limits) {
        if (!t.hasKey()) {
            throw new IllegalArgumentException("tenant " + t.idx() + " (" + t.clusterSlug() + ") has no API key");
        }
        if (t.brokerTenant().isEmpty()) {
            throw new IllegalArgumentException("tenant " + t.idx() + " (" + t.clusterSlug()
                    + ") has no broker tenant UUID yet (provision pending: re-run provision)");
        }
        return new ProxyTenant(t.clusterSlug(), ApiKeys.sha256Hex(t.apiKey()), t.brokerTenant(), false, limits);
    }

    public ProxyTenant withSuspended(boolean s) {
        return new ProxyTenant(clusterSlug, keySha256, brokerTenant, s, limits);
    }

    public ProxyTenant withLimits(ProxyLimits l) {
        return new ProxyTenant(clusterSlug, keySha256, brokerTenant, suspended, l);
    }
}
