package dev.goload.modes.cloud;

import dev.goload.tenancy.ApiKeys;
import dev.goload.tenancy.SyntheticTenants;

/**
 * One tenant a cloud run drives. {@link #toString()} masks the API key: the tenants file is the only place a key
 * is ever written.
 *
 * @param idx          index stamped into every message ({@code t})
 * @param slug         tenant slug (reports)
 * @param clusterSlug  the proxy routes by it ({@code Host})
 * @param brokerTenant UUID sent as {@code x-queen-tenant} straight to the broker
 * @param apiKey       Bearer token for the proxy; "" when unknown
 */
public record CloudTenant(int idx, String slug, String clusterSlug, String brokerTenant, String apiKey) {

    public CloudTenant {
        slug = slug == null ? "" : slug;
        clusterSlug = clusterSlug == null ? "" : clusterSlug;
        brokerTenant = brokerTenant == null ? "" : brokerTenant;
        apiKey = apiKey == null ? "" : apiKey;
    }

    /** The reference's deterministic broker-only identity {@code i}, so reruns hit the same broker rows. */
    public static CloudTenant synthesized(int i) {
        return new CloudTenant(i, String.format(java.util.Locale.ROOT, "synth-%04d", i), String.format(java.util.Locale.ROOT, "synth-%04d", i),
                SyntheticTenants.brokerTenant(i), "");
    }

    @Override
    public String toString() {
        return "CloudTenant[idx=" + idx + ", slug=" + slug + ", clusterSlug=" + clusterSlug + ", brokerTenant="
                + brokerTenant + ", apiKey=" + ApiKeys.mask(apiKey) + "]";
    }
}
