package dev.goload.modes.tenants;

import dev.goload.modes.run.RunNote;

/**
 * What {@code -mode tenants} says outside its intervals (goload-behavior.md §2.7); report/TenantsConsole renders
 * each in the reference's words.
 */
public sealed interface TenantsNote extends RunNote {

    /** Every queue was configured ({@code [provision] %d queues configured in %.1fs}). */
    record Provisioned(int queues, double seconds) implements TenantsNote {}

    /** Some queues failed every attempt ({@code [provision] FAILED: %d/%d queues}); the run ends, exit 1. */
    record ProvisionFailed(long failed, int queues) implements TenantsNote {}

    /** Tasks still running when the bounded final wait ran out (the reference waits without bound, §8 #20). */
    record ShutdownCut(int liveTasks, int waitSeconds) implements TenantsNote {}
}
