package dev.goload.modes.provision;

import dev.goload.config.ProvisionConfig;
import dev.goload.report.GoFmt;
import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code -mode provision} workflow (goload-behavior.md §2.4) with the key-loss defects fixed (§8 #21): every
 * batch's keys are written to the tenants file (atomically, 0600) the moment the batch's statement has committed,
 * with {@code brokerTenantPending=true}; only then is the broker tenant UUID looked up, and a failed lookup leaves
 * the keys saved for the next run to complete. Re-runs create only missing indices and complete pending lookups.
 * Messages and output never contain a key. Single-threaded.
 */
public final class Provisioner {
    public static final int OK = 0;
    public static final int FAILED = 1;

    private final ProvisionConfig c;
    private final PrintStream out;
    private final Clock clock;
    private TenantsFile file;

    public Provisioner(ProvisionConfig c, PrintStream out, Clock clock) {
        this.c = c;
        this.out = out;
        this.clock = clock;
    }

    /** Runs the workflow against a backend opened by {@code open} (called at most once). */
    public int run(BackendOpener open) {
        long t0 = System.nanoTime();
        try {
            file = TenantsFile.readOrEmpty(c.file(), c.cell(), c.plan(), c.prefix());
        } catch (IOException e) {
            out.printf("[provision] cannot read %s: %s%n", c.file(), e.getMessage());
            return FAILED;
        }
        Map<Integer, Tenant> have = file.withKeys();
        List<ProvisionBackend.Need> need = new ArrayList<>();
        List<String> pending = new ArrayList<>();
        for (int i = 0; i < c.tenants(); i++) {
            Tenant t = have.get(i);
            if (t == null) {
                need.add(new ProvisionBackend.Need(i, ProvisionConfig.slug(c.prefix(), i)));
            } else if (t.brokerTenantPending() || t.brokerTenant().isEmpty()) {
                pending.add(t.clusterSlug());
            }
        }
        if (need.isEmpty() && pending.isEmpty()) {
            out.printf("[provision] %s already holds %d/%d tenants with keys — nothing to do%n", c.file(),
                    countBelow(have, c.tenants()), c.tenants());
            return OK;
        }
        String keyName = c.keyName().isEmpty() ? "bench-" + clock.instant().getEpochSecond() : c.keyName();
        if (!need.isEmpty()) {
            out.printf("[provision] %d tenant(s) to create (%s...) plan=%s cell=%s key=%s%n", need.size(),
                    firstIndices(need), c.plan(), c.cell(), keyName);
        }
        if (!pending.isEmpty()) {
            out.printf("[provision] %d tenant(s) with a pending broker_tenant_uuid lookup%n", pending.size());
        }
        try (ProvisionBackend db = open.open()) {
            if (c.dryRun()) {
                out.println(db.describe(c, keyName, need));
                return OK;
            }
            int created = 0;
            for (int from = 0; from < need.size(); from += c.commitBatch()) {
                List<ProvisionBackend.Need> batch = need.subList(from, Math.min(need.size(), from + c.commitBatch()));
                ProvisionBackend.Outcome o;
                try {
                    o = db.bootstrap(c, keyName, batch);
                } catch (ProvisionException e) {
                    out.println(e.getMessage().startsWith("[provision]") ? e.getMessage()
                            : "[provision] FAILED: " + e.getMessage());
                    return FAILED;
                }
                String firstNullKey = null;
                for (ProvisionBackend.Created r : o.rows()) {
                    if (r.apiKey().isEmpty()) {
                        firstNullKey = firstNullKey == null ? r.slug() : firstNullKey;
                        continue;
                    }
                    file = file.put(new Tenant(r.idx(), r.slug(), r.slug(), r.tenantId(), r.clusterId(), "",
                            r.apiKey(), c.plan(), true));
                    pending.add(r.slug());
                    created++;
                }
                if (!save()) {
                    return FAILED;
                }
                if (o.failure() != null) {
                    out.println(o.failure());
                    return FAILED;
                }
                if (firstNullKey != null) {
                    out.printf("[provision] tenant %s: bootstrap_tenant returned a NULL api_key (a key named %s already"
                            + " exists on that cluster and the plaintext is unrecoverable). Re-run with -key-name"
                            + " <fresh>.%n", firstNullKey, GoFmt.quote(keyName));
                    return FAILED;
                }
            }
            if (!completeLookups(db, pending)) {
                return FAILED;
            }
            double secs = (System.nanoTime() - t0) / 1e9;
            List<Tenant> all = file.tenants();
            out.printf(Locale.ROOT, "[provision] +%d tenants in %.1fs -> %s now holds %d (first=%s last=%s)%n", created,
                    secs, c.file(), all.size(), all.getFirst().tenantSlug(), all.getLast().tenantSlug());
            return OK;
        } catch (ProvisionException e) {
            out.println("[provision] FAILED: " + e.getMessage());
            return FAILED;
        }
    }

    private boolean completeLookups(ProvisionBackend db, List<String> slugs) {
        if (slugs.isEmpty()) {
            return true;
        }
        Map<String, String> uuids;
        try {
            uuids = db.brokerTenants(slugs);
        } catch (ProvisionException e) {
            out.printf("[provision] tenants created but broker_tenant_uuid lookup FAILED: %s%n", e.getMessage());
            out.printf("[provision] the keys are saved in %s (brokerTenant pending); re-run to complete the lookup%n",
                    c.file());
            return false;
        }
        Map<String, Tenant> bySlug = new LinkedHashMap<>();
        file.tenants().forEach(t -> bySlug.put(t.clusterSlug(), t));
        String missing = null;
        for (String s : slugs) {
            String u = uuids.get(s);
            Tenant t = bySlug.get(s);
            if (u == null || u.isEmpty()) {
                missing = missing == null ? s : missing;
            } else if (t != null) {
                file = file.put(t.withBrokerTenant(u));
            }
        }
        if (!save()) {
            return false;
        }
        if (missing != null) {
            out.printf("[provision] FAILED: no broker_tenant_uuid for cluster %s%n", missing);
            return false;
        }
        return true;
    }

    private boolean save() {
        file = file.stamped(c.cell(), c.plan(), c.prefix(), clock.instant());
        try {
            file.write(c.file());
            return true;
        } catch (IOException e) {
            out.printf("[provision] FAILED: cannot write %s: %s%n", c.file(), e.getMessage());
            return false;
        }
    }

    private static int countBelow(Map<Integer, Tenant> have, int n) {
        return (int) have.keySet().stream().filter(i -> i < n).count();
    }

    /** Go's {@code %v} of the first ≤3 indices: {@code [0 1 2]}. */
    private static String firstIndices(List<ProvisionBackend.Need> need) {
        return GoFmt.slice(need.stream().limit(3).map(ProvisionBackend.Need::idx).toList());
    }

    /** Opens the backend lazily (nothing is opened when the file already holds everything). */
    @FunctionalInterface
    public interface BackendOpener {
        ProvisionBackend open() throws ProvisionException;
    }
}
