package dev.goload.tenancy;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * One tenant of a tenants file (goload-behavior.md §2.4): {@code clusterSlug} is the proxy's routing {@code Host}
 * label, {@code apiKey} the Bearer credential (plaintext; lives only in the tenants file), {@code brokerTenant} the
 * broker-side tenant UUID ({@code x-queen-tenant} for direct-to-broker runs).
 *
 * <p>{@code brokerTenantPending} is a goload addition: {@code provision} saves a key the moment its bootstrap
 * statement commits, before the broker-tenant lookup; a tenant whose lookup has not completed yet carries
 * {@code brokerTenant=""} and {@code brokerTenantPending=true} (omitted when false) and the next run completes it.
 *
 * <p>{@link #toString()} masks the key. Immutable.
 */
@JsonPropertyOrder({"idx", "tenantSlug", "clusterSlug", "tenantId", "clusterId", "brokerTenant", "apiKey", "plan",
        "brokerTenantPending"})
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record Tenant(
        @JsonProperty("idx") @JsonInclude(JsonInclude.Include.ALWAYS) int idx,
        @JsonProperty("tenantSlug") @JsonInclude(JsonInclude.Include.ALWAYS) String tenantSlug,
        @JsonProperty("clusterSlug") @JsonInclude(JsonInclude.Include.ALWAYS) String clusterSlug,
        @JsonProperty("tenantId") @JsonInclude(JsonInclude.Include.ALWAYS) String tenantId,
        @JsonProperty("clusterId") @JsonInclude(JsonInclude.Include.ALWAYS) String clusterId,
        @JsonProperty("brokerTenant") @JsonInclude(JsonInclude.Include.ALWAYS) String brokerTenant,
        @JsonProperty("apiKey") @JsonInclude(JsonInclude.Include.ALWAYS) String apiKey,
        @JsonProperty("plan") @JsonInclude(JsonInclude.Include.ALWAYS) String plan,
        @JsonProperty("brokerTenantPending") boolean brokerTenantPending) {

    public Tenant {
        tenantSlug = Objects.requireNonNullElse(tenantSlug, "");
        clusterSlug = Objects.requireNonNullElse(clusterSlug, "");
        tenantId = Objects.requireNonNullElse(tenantId, "");
        clusterId = Objects.requireNonNullElse(clusterId, "");
        brokerTenant = Objects.requireNonNullElse(brokerTenant, "");
        apiKey = Objects.requireNonNullElse(apiKey, "");
        plan = Objects.requireNonNullElse(plan, "");
    }

    /** A complete tenant (broker tenant known). */
    public static Tenant of(int idx, String tenantSlug, String clusterSlug, String tenantId, String clusterId,
            String brokerTenant, String apiKey, String plan) {
        return new Tenant(idx, tenantSlug, clusterSlug, tenantId, clusterId, brokerTenant, apiKey, plan, false);
    }

    /** Whether the file holds a usable key for this index (the reference's "have" rule). */
    @JsonIgnore
    public boolean hasKey() {
        return !apiKey.isEmpty();
    }

    /** This tenant with its broker tenant UUID filled in (clears the pending mark). */
    public Tenant withBrokerTenant(String uuid) {
        return new Tenant(idx, tenantSlug, clusterSlug, tenantId, clusterId, uuid, apiKey, plan,
                uuid == null || uuid.isEmpty());
    }

    @Override
    public String toString() {
        return "Tenant[idx=" + idx + ", tenantSlug=" + tenantSlug + ", clusterSlug=" + clusterSlug
                + ", tenantId=" + tenantId + ", clusterId=" + clusterId + ", brokerTenant="
                + (brokerTenantPending ? "<pending>" : brokerTenant) + ", apiKey=" + ApiKeys.mask(apiKey)
                + ", plan=" + plan + "]";
    }
}
