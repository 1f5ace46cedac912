package dev.goload.modes.cloud;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The transaction id of every cloud message, derived from (run, tenant, seq) so the loader can recompute the id of
 * any missing message after the verdict without remembering one id per message (the ledgers are bitmaps). The id is
 * a UUIDv7 in form: the run's start milliseconds, then 20 random bits drawn once per run (so two runs on the same
 * queue never share an id, and the broker's dedup never merges them), the tenant index (14 bits; higher bits are
 * folded into the random field) and the seq (40 bits, ~10^12 messages per tenant). Within a run every (tenant, seq) has its own id, as the reference's fresh UUIDv7 per item has.
 *
 * <p>Immutable and thread-safe.
 */
final class CloudTxnIds {
    private static final long SEQ_BITS = 40;
    private static final long TENANT_BITS = 14;

    private final long msb;
    private final long lsbBase;

    CloudTxnIds(long runStartMillis, long nonce) {
        this.msb = (runStartMillis & 0xFFFF_FFFF_FFFFL) << 16 | 0x7000L | (nonce & 0x0FFFL);
        long nonceTail = (nonce >>> 12) & 0xFFL;
        this.lsbBase = 0x8000_0000_0000_0000L | nonceTail << (SEQ_BITS + TENANT_BITS);
    }

    /** A fresh scheme for a run starting now. */
    static CloudTxnIds forRunStartingNow() {
        return new CloudTxnIds(System.currentTimeMillis(), ThreadLocalRandom.current().nextLong());
    }

    String of(int tenantIdx, long seq) {
        long lsb = lsbBase | (tenantIdx & ((1L << TENANT_BITS) - 1)) << SEQ_BITS | (seq & ((1L << SEQ_BITS) - 1));
        // a tenant index beyond 14 bits moves into the random field of the high half, so ids stay distinct
        long hi = msb ^ ((long) (tenantIdx >>> TENANT_BITS) & 0x0FFFL);
        return new UUID(hi, lsb).toString();
    }
}
