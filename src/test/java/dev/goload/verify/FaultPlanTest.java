package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FaultPlanTest {

    @Test
    void parsesCountsAndBareNames() {
        FaultPlan p = FaultPlan.parse("dup-push=2, lose-msg=3,drop-ack");
        assertEquals(2, p.requested(FaultPlan.Fault.DUP_PUSH));
        assertEquals(3, p.requested(FaultPlan.Fault.LOSE_MSG));
        assertEquals(1, p.requested(FaultPlan.Fault.DROP_ACK));
        assertEquals("dup-push=2 lose-msg=3 drop-ack=1", p.toString());
        assertTrue(p.any());
    }

    @Test
    void emptyAndNoneMeanNoFaults() {
        assertFalse(FaultPlan.parse("").any());
        assertFalse(FaultPlan.parse("none").any());
        assertFalse(FaultPlan.parse("lose-msg=0").any());
    }

    @Test
    void rejectsUnknownNamesAndBadCountsWithTheReferenceMessages() {
        var e = assertThrows(IllegalArgumentException.class, () -> FaultPlan.parse("drop-msg=1"));
        assertEquals("unknown fault \"drop-msg\" (want dup-push|lose-msg|drop-ack)", e.getMessage());
        var b = assertThrows(IllegalArgumentException.class, () -> FaultPlan.parse("lose-msg=-1"));
        assertEquals("bad fault count in \"lose-msg=-1\"", b.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FaultPlan.parse("lose-msg=x"));
    }

    @Test
    void theBudgetIsTakenExactlyOnceUnderContention() throws Exception {
        FaultPlan p = FaultPlan.parse("lose-msg=3");
        AtomicInteger taken = new AtomicInteger();
        Thread[] ts = new Thread[8];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = Thread.ofVirtual().start(() -> {
                for (int k = 0; k < 1000; k++) {
                    if (p.take(FaultPlan.Fault.LOSE_MSG)) {
                        taken.incrementAndGet();
                    }
                }
            });
        }
        for (Thread t : ts) {
            t.join();
        }
        assertEquals(3, taken.get());
        assertEquals(3, p.injected(FaultPlan.Fault.LOSE_MSG));
        assertFalse(p.take(FaultPlan.Fault.DUP_PUSH));
    }
}
