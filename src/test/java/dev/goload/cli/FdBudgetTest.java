package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/** Where the embedded broker goes for a run's sockets under a descriptor limit (counts only, no process started). */
class FdBudgetTest {
    @Test
    void tenantsDefaultShapeDoesNotFitOneProcessOfTwentyThousand() {
        // 10,000 long-polls + 1,000 producers + 1,000 pooled push/ack sockets
        long sockets = FdBudget.sockets(10_000, 1_000, 12_000);
        assertEquals(12_000, sockets);
        FdBudget b = new FdBudget(sockets, 20_000);
        assertEquals(12_256, b.loaderNeed());
        assertEquals(24_256, b.inProcessNeed());
        assertEquals(FdBudget.Placement.CHILD_JVM, b.placement());
        assertEquals("12000 sockets need 24256 file descriptors in one process, limit 20000", b.childReason());
    }

    @Test
    void aShapeThatFitsTwiceKeepsTheBrokerInProcess() {
        assertEquals(FdBudget.Placement.IN_PROCESS, new FdBudget(FdBudget.sockets(6, 3, 12_000), 1024).placement());
        // exactly at the limit still fits
        assertEquals(FdBudget.Placement.IN_PROCESS, new FdBudget(1000, 2256).placement());
        assertEquals(FdBudget.Placement.CHILD_JVM, new FdBudget(1000, 2255).placement());
    }

    @Test
    void aLoaderOverTheLimitOnItsOwnCannotRun() {
        FdBudget b = new FdBudget(FdBudget.sockets(100_000, 1_000, 12_000), 20_000);
        assertEquals(FdBudget.Placement.LOADER_OVER_LIMIT, b.placement());
        assertTrue(b.overLimitMessage().startsWith("needs 102256 file descriptors"), b.overLimitMessage());
        assertTrue(b.overLimitMessage().contains("ulimit -n is 20000"), b.overLimitMessage());
    }

    @Test
    void idleOnlyRunsCountNoProducerSockets() {
        assertEquals(10_000, FdBudget.sockets(10_000, 0, 12_000));
        assertEquals(10_300, FdBudget.sockets(10_000, 200, 100), "pooled sockets capped by -idle-conns");
    }

    @Test
    void anUnknownLimitPutsEverythingInProcess() {
        assertEquals(FdBudget.Placement.IN_PROCESS, new FdBudget(1_000_000, 0).placement());
    }
}
