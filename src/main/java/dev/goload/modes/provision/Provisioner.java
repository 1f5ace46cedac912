package dev.goload.modes.provision;

import dev.goload.config.ProvisionConfig;
import dev.goload.modes.run.RunNote;
import dev.goload.pace.NanoClock;
import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The {@code -mode provision} workflow (goload-behavior.md §2.4) with the key-loss defects fixed (§8 #21): every
 * batch's keys are written to the tenants file (atomically, 0600) the moment the batch's statement has committed,
 * with {@code brokerTenantPending=true}; only then is the broker tenant UUID looked up, and a failed lookup leaves
 * the keys saved for the next run to complete. Re-runs create only missing indices and complete pending lookups.
 * Notes and messages never contain a key. Prints nothing: each step is a {@link ProvisionNote} (report/ProvisionConsole
 * renders them). Single-threaded.
 */
public final class Provisioner {
    private final ProvisionConfig c;
    private final Clock clock;
    private final NanoClock nanos;
    private final Consumer<RunNote> notes;
    private TenantsFile file;
    private int created;

    /**
     * @param clock  wall clock of the key name and the file's stamps
     * @param nanos  the clock the run's length is measured on
     * @param notes  receives every note, in order
     */
    public Provisioner(ProvisionConfig c, Clock clock, NanoClock nanos, Consumer<RunNote> notes) {
        this.c = c;
        this.clock = clock;
        this.nanos = nanos;
        this.notes = notes;
    }

    /** Tenants created (keys saved) so far. */
    public int created() {
        return created;
    }

    /** Tenants in the file whose broker_tenant_uuid lookup is pending (0 before the file was read). */
    public int pending() {
        return file == null ? 0 : (int) file.tenants().stream().filter(Tenant::brokerTenantPending).count();
    }

    /** Runs the workflow against a backend opened by {@code open} (called at most once); true when it succeeded. */
    public boolean run(BackendOpener open) {
        long t0 = nanos.nanoTime();
        try {
            file = TenantsFile.readOrEmpty(c.file(), c.cell(), c.plan(), c.prefix());
        } catch (IOException e) {
            notes.accept(new ProvisionNote.CannotRead(c.file(), e.getMessage()));
            return false;
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
            notes.accept(new ProvisionNote.NothingToDo(c.file(), countBelow(have, c.tenants()), c.tenants()));
            return true;
        }
        String keyName = c.keyName().isEmpty() ? "bench-" + clock.instant().getEpochSecond() : c.keyName();
        if (!need.isEmpty()) {
            notes.accept(new ProvisionNote.ToCreate(need.size(),
                    need.stream().limit(3).map(ProvisionBackend.Need::idx).toList(), c.plan(), c.cell(), keyName));
        }
        if (!pending.isEmpty()) {
            notes.accept(new ProvisionNote.PendingLookups(pending.size()));
        }
        try (ProvisionBackend db = open.open()) {
            if (c.dryRun()) {
                notes.accept(new ProvisionNote.Statements(db.describe(c, keyName, need)));
                return true;
            }
            for (int from = 0; from < need.size(); from += c.commitBatch()) {
                List<ProvisionBackend.Need> batch = need.subList(from, Math.min(need.size(), from + c.commitBatch()));
                ProvisionBackend.Outcome o;
                try {
                    o = db.bootstrap(c, keyName, batch);
                } catch (ProvisionException e) {
                    notes.accept(e.getMessage().startsWith("[provision]") ? new RunNote.Text(e.getMessage())
                            : new ProvisionNote.Failed(e.getMessage()));
                    return false;
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
                    return false;
                }
                if (o.failure() != null) {
                    notes.accept(new RunNote.Text(o.failure()));
                    return false;
                }
                if (firstNullKey != null) {
                    notes.accept(new ProvisionNote.NullKey(firstNullKey, keyName));
                    return false;
                }
            }
            if (!completeLookups(db, pending)) {
                return false;
            }
            double secs = (nanos.nanoTime() - t0) / 1e9;
            List<Tenant> all = file.tenants();
            notes.accept(new ProvisionNote.Done(created, secs, c.file(), all.size(), all.getFirst().tenantSlug(),
                    all.getLast().tenantSlug()));
            return true;
        } catch (ProvisionException e) {
            notes.accept(new ProvisionNote.Failed(e.getMessage()));
            return false;
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
            notes.accept(new ProvisionNote.LookupFailed(e.getMessage(), c.file()));
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
            notes.accept(new ProvisionNote.NoBrokerTenant(missing));
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
            notes.accept(new ProvisionNote.CannotWrite(c.file(), e.getMessage()));
            return false;
        }
    }

    private static int countBelow(Map<Integer, Tenant> have, int n) {
        return (int) have.keySet().stream().filter(i -> i < n).count();
    }

    /** Opens the backend lazily (nothing is opened when the file already holds everything). */
    @FunctionalInterface
    public interface BackendOpener {
        ProvisionBackend open() throws ProvisionException;
    }
}
