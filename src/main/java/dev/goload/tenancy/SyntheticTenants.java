package dev.goload.tenancy;

import java.util.ArrayList;
import java.util.List;

/**
 * Tenants made up for a run against the embedded broker's proxy personality (no PostgreSQL, no provisioning):
 * slug {@code <prefix>-%04d}, a fresh random key {@code qk_test_…} per tenant, and the deterministic broker tenant
 * {@code 00000000-0000-4000-8000-%012d} that {@code cloud}'s broker target also synthesizes, so the same broker rows
 * are hit whichever way a run is routed. Stateless.
 */
public final class SyntheticTenants {
    public static final String KEY_ENV = "test";

    private SyntheticTenants() {}

    /** The broker tenant UUID of synthesized index {@code idx}. */
    public static String brokerTenant(int idx) {
        return String.format(java.util.Locale.ROOT, "00000000-0000-4000-8000-%012d", idx);
    }

    /** {@code n} tenants, indices 0..n-1, each with its own fresh key. */
    public static TenantsFile create(int n, String prefix, String plan) {
        if (n < 1) {
            throw new IllegalArgumentException("tenant count must be >= 1, got " + n);
        }
        List<Tenant> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String slug = String.format(java.util.Locale.ROOT, "%s-%04d", prefix, i);
            String uuid = brokerTenant(i);
            out.add(Tenant.of(i, slug, slug, uuid, uuid, uuid, ApiKeys.generate(KEY_ENV), plan));
        }
        return new TenantsFile("embedded", plan, prefix, "", out);
    }
}
