package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TenantLedgerTest {

    private static TenantLedger sentAndReserved(long n) {
        TenantLedger l = new TenantLedger(0, "t0", "c0", "q");
        l.noteAssigned(n);
        l.markSent(1, (int) n);
        return l;
    }

    private static void deliver(TenantLedger l, long from, long to) {
        for (long s = from; s <= to; s++) {
            l.recordReceived(s);
        }
    }

    @Test
    void everySentSeqDeliveredOncePasses() {
        TenantLedger l = sentAndReserved(1000);
        deliver(l, 1, 1000);
        TenantResult r = l.result();
        assertTrue(r.ok());
        assertEquals(1000, r.sentOk());
        assertEquals(1000, r.received());
        assertEquals(0, r.missing() + r.duplicate() + r.extra());
        assertEquals("PASS", VerifyResult.of(List.of(r)).verdict());
    }

    @Test
    void undeliveredSeqsAreMissingWithTheFirstEightListed() {
        TenantLedger l = sentAndReserved(100);
        deliver(l, 1, 89);
        TenantResult r = l.result();
        assertFalse(r.ok());
        assertEquals(11, r.missing());
        assertArrayEquals(new long[] {90, 91, 92, 93, 94, 95, 96, 97}, r.firstMissingSeqs());
        assertEquals("FAIL", VerifyResult.of(List.of(r)).verdict());
    }

    @Test
    void aSecondDeliveryIsADuplicate() {
        TenantLedger l = sentAndReserved(10);
        deliver(l, 1, 10);
        l.recordReceived(4);
        l.recordReceived(4);
        TenantResult r = l.result();
        assertEquals(2, r.duplicate());
        assertEquals(0, r.missing());
        assertEquals(12, r.received());
        assertFalse(r.ok());
    }

    @Test
    void aDeliveryOfADefinitelyRejectedPushIsExtra() {
        TenantLedger l = new TenantLedger(0, "t0", "c0", "q");
        l.noteAssigned(4);
        l.markSent(1, 2);
        l.markFailed(3, 2, false, false); // a 429: the broker did not store seqs 3..4
        deliver(l, 1, 3);
        TenantResult r = l.result();
        assertEquals(1, r.extra());
        assertEquals(2, r.sentFail());
        assertFalse(r.ok());
    }

    @Test
    void aDeliveryBeyondAnyReservedSeqIsExtraAndDoesNotGrowTheBitmap() {
        TenantLedger l = sentAndReserved(5);
        deliver(l, 1, 5);
        long before = l.bitmapBytes();
        l.recordReceived(1L << 40);
        l.recordReceived(0);
        TenantResult r = l.result();
        assertEquals(2, r.extra());
        assertEquals(before, l.bitmapBytes());
    }

    @Test
    void aDeliveryOfAnAmbiguousPushIsNotExtra() {
        TenantLedger l = new TenantLedger(0, "t0", "c0", "q");
        l.noteAssigned(3);
        l.markSent(1, 2);
        l.markFailed(3, 1, true, true); // cancelled at shutdown: the broker may have committed it
        deliver(l, 1, 3);
        TenantResult r = l.result();
        assertTrue(r.ok(), r.toString());
        assertEquals(1, r.ambiguousDelivered());
        assertEquals(0, r.sentFail(), "a cancellation is not a send failure");
    }

    @Test
    void crossTenantAndUndecodableDeliveriesFail() {
        TenantLedger a = sentAndReserved(3);
        deliver(a, 1, 3);
        a.recordCrossTenant();
        TenantLedger b = sentAndReserved(3);
        deliver(b, 1, 3);
        b.recordUndecodable();
        VerifyResult v = VerifyResult.of(List.of(a.result(), b.result()));
        assertEquals("FAIL", v.verdict());
        assertEquals(1, v.crossTenant());
        assertEquals(1, v.undecodable());
        assertFalse(v.tenants().get(0).ok());
        assertFalse(v.tenants().get(1).ok());
    }

    @Test
    void aFaultLostSeqCountsAsSentAndSurfacesAsMissing() {
        TenantLedger l = new TenantLedger(0, "t0", "c0", "q");
        l.noteAssigned(3);
        l.markLostByFault(1);
        l.markSent(2, 2);
        deliver(l, 2, 3);
        TenantResult r = l.result();
        assertEquals(3, r.sentOk());
        assertEquals(1, r.sentLostFaultInjected());
        assertEquals(1, r.missing());
        assertArrayEquals(new long[] {1}, r.firstMissingSeqs());
    }

    @Test
    void memoryIsBitsNotObjects() {
        TenantLedger l = sentAndReserved(1_000_000);
        deliver(l, 1, 1_000_000);
        assertTrue(l.result().ok());
        // three bitmaps of 2^20 bits (1M rounded up to a power of two words) = 3 × 128 KiB
        assertTrue(l.bitmapBytes() <= 3 * 160_000, "bitmap bytes " + l.bitmapBytes());
    }

    @Test
    void skippedVerificationIsUnverified() {
        TenantLedger l = sentAndReserved(2);
        VerifyResult v = VerifyResult.skipped(List.of(l.result()));
        assertEquals("SKIPPED", v.verdict());
        assertEquals("UNVERIFIED", v.runVerdict());
    }
}
