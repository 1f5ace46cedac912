package dev.goload.verify;

/**
 * The delivery ledger of one tenant (goload-behavior.md §3.1): which sequence numbers were sent, which were
 * delivered to this tenant's own consumers, and the anomalies seen on the way. Three bitmaps (sent, received,
 * ambiguous) — about 3 bits per message — and a handful of counters; never an object per message.
 *
 * <p><b>Ambiguous pushes.</b> A push that failed without a definite answer (timeout, connection error, 5xx, an
 * unknown per-item status, or cancelled at shutdown) may have been committed by the broker. Its seqs go to the
 * ambiguous bitmap: when one of them is delivered it is counted as {@code ambiguousDelivered}, not as
 * {@code extra} — reporting a message the broker legitimately stored as "fabricated" would be a false alarm.
 * A definite rejection (4xx, per-item {@code failed}) is not ambiguous: a delivery of such a seq is extra.
 *
 * <p>Threading: every method is synchronized; producers and consumers of the tenant call it concurrently.
 */
public final class TenantLedger {
    private final int idx;
    private final String tenant;
    private final String cluster;
    private final String queue;
    private final SeqBitmap sent = new SeqBitmap();
    private final SeqBitmap rcv = new SeqBitmap();
    private final SeqBitmap ambiguous = new SeqBitmap();
    private long seqAssigned;
    private long sentOk;
    private long sentFail;
    private long sentLost;
    private long received;
    private long duplicate;
    private long outOfRange;
    private long crossIn;
    private long undecodable;

    public TenantLedger(int idx, String tenant, String cluster, String queue) {
        this.idx = idx;
        this.tenant = tenant;
        this.cluster = cluster;
        this.queue = queue;
    }

    /** The highest sequence number reserved so far (a delivery above it cannot have been sent). */
    public synchronized void noteAssigned(long last) {
        if (last > seqAssigned) {
            seqAssigned = last;
        }
    }

    /** Seqs {@code first..first+n-1} were accepted by the broker. */
    public synchronized void markSent(long first, int n) {
        for (long s = first; s < first + n; s++) {
            sent.set(s);
        }
        sentOk += n;
    }

    /**
     * Seqs {@code first..first+n-1} were not accepted.
     *
     * @param ambiguous the broker may nevertheless have committed them (no definite answer)
     * @param canceled  cut at shutdown: not counted in {@code sentFail} (the reference's rule)
     */
    public synchronized void markFailed(long first, int n, boolean ambiguous, boolean canceled) {
        if (ambiguous) {
            for (long s = first; s < first + n; s++) {
                this.ambiguous.set(s);
            }
        }
        if (!canceled) {
            sentFail += n;
        }
    }

    /** Fault {@code lose-msg}: seq {@code s} counts as sent but was removed from the push. */
    public synchronized void markLostByFault(long s) {
        sent.set(s);
        sentOk++;
        sentLost++;
    }

    /** A message of this tenant delivered to this tenant's consumer. */
    public synchronized void recordReceived(long s) {
        received++;
        if (s < 1 || s > seqAssigned) {
            outOfRange++; // never reserved: fabricated or foreign; kept out of the bitmap so garbage cannot grow it
            return;
        }
        if (rcv.set(s)) {
            duplicate++;
        }
    }

    /** A message stamped with another tenant's index reached this tenant's consumer: an isolation breach. */
    public synchronized void recordCrossTenant() {
        crossIn++;
    }

    public synchronized void recordUndecodable() {
        undecodable++;
    }

    /** The verdict inputs after the drain. */
    public synchronized TenantResult result() {
        long missing = sent.countAndNot(rcv, null);
        long extra = rcv.countAndNot(sent, ambiguous) + outOfRange;
        long ambiguousDelivered = rcv.countAndAndNot(ambiguous, sent);
        long[] firstMissing = sent.firstAndNot(rcv, 8);
        return new TenantResult(idx, tenant, cluster, queue, seqAssigned, sentOk, sentFail, sentLost, received,
                missing, duplicate, extra, crossIn, undecodable, firstMissing, ambiguous.cardinality(),
                ambiguousDelivered);
    }

    /** The first {@code max} missing seqs (sent, never received), ascending: the loss-attribution candidates. */
    public synchronized long[] missingSeqs(int max) {
        return sent.firstAndNot(rcv, max);
    }

    /** Whether seq {@code s} was delivered to this tenant (so the broker stored it). */
    public synchronized boolean wasReceived(long s) {
        return s >= 1 && rcv.get(s);
    }

    /** Bytes held by the bitmaps' words. */
    public synchronized long bitmapBytes() {
        return sent.sizeBytes() + rcv.sizeBytes() + ambiguous.sizeBytes();
    }

    /**
     * Heap bytes of a ledger apart from its bitmaps' words, on a 64-bit HotSpot with compressed oops and class
     * pointers (the JDK 25 default; no compact object headers): this object (12-byte header, an int, six references,
     * nine longs = 112), its three {@link SeqBitmap} objects (16 each) and their word arrays' headers (16 each). The
     * tenant's names belong to the tenant, not to its ledger. Cross-checked with {@code jcmd GC.class_histogram}
     * (docs/benchmarks-history.md, "The ledgers' bytes are exact", 2026-12-01, 679622a).
     */
    public static final long FIXED_BYTES = 112 + 3 * (16 + 16);

    /** Every heap byte {@code ledgers} ledgers hold, given the sum of their {@link #bitmapBytes()}. */
    public static long heldBytes(int ledgers, long bitmapBytes) {
        return ledgers * FIXED_BYTES + bitmapBytes;
    }
}
