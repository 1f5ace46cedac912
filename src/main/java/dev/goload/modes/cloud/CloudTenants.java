package dev.goload.modes.cloud;

import dev.goload.shard.Shard;
import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves the tenants of a cloud run (goload-behavior.md §2.3 setup step 2): the tenants file written by
 * {@code -mode provision} (format §2.4), or — broker target without a file — synthesized broker-only identities.
 * Only reads the file; never logs a key.
 */
public final class CloudTenants {
    /** The outcome: the tenants, and the note printed when they were synthesized (null otherwise). */
    public record Resolved(List<CloudTenant> tenants, String synthesizedNote) {}

    /** The file could not be used; the message never contains a key. */
    public static final class TenantsFileException extends Exception {
        public TenantsFileException(String message) {
            super(message);
        }
    }

    private CloudTenants() {}

    /**
     * @param limit first N tenants (0 = all); with synthesized tenants the count (≤ 0 ⇒ 1)
     */
    public static Resolved resolve(String target, String file, int limit) throws TenantsFileException {
        List<CloudTenant> all;
        try {
            all = read(Path.of(file));
        } catch (TenantsFileException e) {
            if (target.equals("proxy")) {
                throw e;
            }
            int n = Math.max(1, limit);
            List<CloudTenant> synth = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                synth.add(CloudTenant.synthesized(i));
            }
            return new Resolved(synth, String.format(
                    "[cloud] no tenants file (%s) -> synthesized %d broker-only tenant identities", e.getMessage(), n));
        }
        if (limit > 0 && limit < all.size()) {
            all = all.subList(0, limit);
        }
        return new Resolved(List.copyOf(all), null);
    }

    /** The tenants shard {@code shard} drives: those whose {@code idx} it owns (each tenant on exactly one shard). */
    public static List<CloudTenant> ownedBy(List<CloudTenant> tenants, Shard shard) {
        return tenants.stream().filter(t -> shard.owns(t.idx())).toList();
    }

    /** Reads a tenants file ({@link TenantsFile}, owned by provisioning), sorted by idx. */
    public static List<CloudTenant> read(Path file) throws TenantsFileException {
        TenantsFile f;
        try {
            f = TenantsFile.read(file);
        } catch (NoSuchFileException e) {
            throw new TenantsFileException("open " + file + ": no such file or directory");
        } catch (IOException e) {
            throw new TenantsFileException(e.getMessage()); // TenantsFile never quotes the content (keys)
        }
        List<CloudTenant> out = new ArrayList<>();
        for (Tenant t : f.tenants()) {
            out.add(new CloudTenant(t.idx(), t.tenantSlug(), t.clusterSlug(), t.brokerTenant(), t.apiKey()));
        }
        return out;
    }
}
