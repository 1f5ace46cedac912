package dev.goload.modes.tenants;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The tenants producers' closed-loop pacer D (spec §1.6): steady steps, no catch-up burst after a stall. */
class TenantsPacerTest {
    private static final long MS = 1_000_000L;

    @Test
    void stepsOneIntervalAtATimeWhileOnSchedule() {
        assertEquals(100 * MS, TenantsRun.nextDue(0, 100 * MS, 50 * MS));
        assertEquals(100 * MS, TenantsRun.nextDue(0, 100 * MS, 1_500 * MS), "1.4 s behind still catches up");
    }

    @Test
    void moreThanTwoSecondsBehindResetsToNowInsteadOfBursting() {
        // a 5 s stall at 10 msg/s would otherwise owe 49 back-to-back pushes
        assertEquals(5_000 * MS, TenantsRun.nextDue(0, 100 * MS, 5_000 * MS));
    }
}
