package dev.goload.modes.tenants;

import dev.goload.modes.run.RunOutcome;

/**
 * The end of a {@code -mode tenants} run: the mode-independent outcome (common counters, error families, loader,
 * phases) and tenants' own figures.
 *
 * @param provisioned false when a queue could not be configured: nothing ran, the command exits 1
 */
public record TenantsResult(RunOutcome outcome, TenantsFigures figures, boolean provisioned) {}
