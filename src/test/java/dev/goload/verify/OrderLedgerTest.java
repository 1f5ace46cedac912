package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class OrderLedgerTest {
    private static OrderLedger sentAll(int n) {
        OrderLedger l = new OrderLedger(n);
        for (int s = 1; s <= n; s++) l.sent(s, true);
        return l;
    }

    @Test
    void cleanDeliveryHasNoFindings() {
        OrderLedger l = sentAll(6);
        for (int s = 1; s <= 6; s++) l.delivered("p" + (s % 2), s);
        OrderLedger.Result r = l.result();
        assertEquals(0, r.missing() + r.duplicates() + r.outOfOrder() + r.failedPushes());
    }

    @Test
    void missingSequencesAreCountedBeyondTheExampleCap() {
        OrderLedger l = sentAll(500);
        for (int s = 1; s <= 500; s += 2) l.delivered("p0", s);
        OrderLedger.Result r = l.result();
        assertEquals(250, r.missing(), "the count is exact, not the capped list length");
        assertEquals(100, r.missingFirst().size());
        assertEquals(2L, r.missingFirst().getFirst());
    }

    @Test
    void duplicatesAreCountedExactly() {
        OrderLedger l = sentAll(300);
        for (int s = 1; s <= 300; s++) {
            l.delivered("p0", s);
            if (s <= 150) l.delivered("p0", s);
        }
        OrderLedger.Result r = l.result();
        assertEquals(150, r.duplicates());
        assertEquals(100, r.duplicateFirst().size());
        assertEquals(0, r.outOfOrder(), "redeliveries are duplicates, not order violations");
    }

    @Test
    void firstDeliveryBelowThePartitionsFrontierIsAViolation() {
        OrderLedger l = sentAll(8);
        l.delivered("p1", 1);
        l.delivered("p1", 5);
        l.delivered("p1", 3);
        l.delivered("p0", 2);
        l.delivered("p0", 4);
        l.delivered("p1", 7);
        l.delivered("p0", 6);
        l.delivered("p0", 8);
        OrderLedger.Result r = l.result();
        assertEquals(1, r.outOfOrder());
        assertEquals(List.of(new OrderLedger.Violation("p1", 5, 3)), r.outOfOrderFirst());
        assertEquals("{Partition:p1 Prev:5 Got:3}", r.outOfOrderFirst().getFirst().toString());
        assertEquals(0, r.missing());
    }

    @Test
    void redeliveryOfTheLastSequenceIsNotAnOrderViolation() {
        OrderLedger l = sentAll(3);
        l.delivered("p1", 1);
        l.delivered("p1", 2);
        l.delivered("p1", 2);
        l.delivered("p1", 3);
        OrderLedger.Result r = l.result();
        assertEquals(0, r.outOfOrder());
        assertEquals(1, r.duplicates());
    }

    @Test
    void theDrainWaitsForEverySentSequenceNotForACountThatRedeliveriesInflate() {
        OrderLedger l = sentAll(3);
        l.delivered("p1", 1);
        l.delivered("p1", 1); // a redelivery
        l.delivered("p3", 9999); // a stale message of another run
        assertEquals(3, l.deliveredCount(), "as many deliveries as pushes...");
        assertEquals(false, l.everySentDelivered(), "...but 2 and 3 are still in flight");
        l.delivered("p0", 2);
        l.delivered("p1", 3);
        assertEquals(true, l.everySentDelivered());
    }

    @Test
    void aFailedPushIsNotWaitedFor() {
        OrderLedger l = new OrderLedger(2);
        l.sent(1, false);
        l.sent(2, true);
        l.delivered("p0", 2);
        assertEquals(true, l.everySentDelivered());
    }

    @Test
    void checkedRangeIsTheSequencesActuallySent() {
        OrderLedger l = new OrderLedger(10);
        for (int s = 1; s <= 6; s++) l.sent(s, s != 3);
        for (int s = 1; s <= 6; s++) if (s != 3 && s != 6) l.delivered("p0", s);
        OrderLedger.Result r = l.result();
        assertEquals(6, r.lastSent());
        assertEquals(1, r.failedPushes());
        assertEquals(List.of(6L), r.missingFirst(), "the failed push (3) is not missing; the highest sent (6) is checked");
        assertEquals(1, r.missing());
    }

    @Test
    void aFailedPushThatWasDeliveredAnywayIsAmbiguousNotMissing() {
        OrderLedger l = new OrderLedger(2);
        l.sent(1, false);
        l.sent(2, true);
        l.delivered("p1", 1);
        l.delivered("p0", 2);
        OrderLedger.Result r = l.result();
        assertEquals(1, r.ambiguous());
        assertEquals(0, r.missing());
    }
}
