package dev.goload.modes.provision;

import dev.goload.modes.run.RunOutcome;
import java.nio.file.Path;

/**
 * The end of a {@code -mode provision} run: whether it succeeded, the mode-independent outcome (its counters are
 * zeros: provision has no push or pop traffic) and provision's own figures (the run record's {@code section}).
 *
 * @param created tenants created (keys saved) by this run
 * @param backend {@code jdbc} or {@code psql}
 * @param pending tenants in the file whose broker_tenant_uuid lookup is still pending
 */
public record ProvisionResult(boolean ok, RunOutcome outcome, int created, Path file, String backend, int pending,
                              boolean dryRun) {}
