package dev.goload.client;

/**
 * Outcome of one push call, matched to the request items by position. Immutable.
 *
 * <p>(A class rather than a record so that generated transaction ids can stay bytes until
 * {@link #transactionIds()} is read: see {@link TransactionIds}.)
 */
public final class PushResult {
    private final int httpStatus;
    private final int queued;
    private final int duplicate;
    private final int failed;
    private final int buffered;
    private final int unknown;
    private final ItemStatus[] statuses;
    private final TransactionIds ids;
    private final String firstError;

    private PushResult(int httpStatus, int queued, int duplicate, int failed, int buffered, int unknown,
                       ItemStatus[] statuses, TransactionIds ids, String firstError) {
        this.httpStatus = httpStatus;
        this.queued = queued;
        this.duplicate = duplicate;
        this.failed = failed;
        this.buffered = buffered;
        this.unknown = unknown;
        this.statuses = statuses;
        this.ids = ids;
        this.firstError = firstError;
    }

    /** 2xx status of the answer. */
    public int httpStatus() {
        return httpStatus;
    }

    public int queued() {
        return queued;
    }

    public int duplicate() {
        return duplicate;
    }

    public int failed() {
        return failed;
    }

    public int buffered() {
        return buffered;
    }

    public int unknown() {
        return unknown;
    }

    /** Per item, in request order. */
    public ItemStatus[] statuses() {
        return statuses;
    }

    /** Per item, in request order (client-generated where the item had none). */
    public String[] transactionIds() {
        return ids.strings();
    }

    /** First per-item or body-level error text, null if none. */
    public String firstError() {
        return firstError;
    }

    /**
     * Items the broker took custody of: queued + duplicate + buffered. A duplicate means the message already
     * exists; a buffered item (generation A's file buffer) was acknowledged by the broker but is not in the DB
     * yet — see {@link #durable()} for the stricter count. {@code failed} and {@code unknown} items are never
     * accepted.
     */
    public int accepted() {
        return queued + duplicate + buffered;
    }

    /** Items known to be in the broker's database: queued + duplicate. */
    public int durable() {
        return queued + duplicate;
    }

    public int size() {
        return statuses.length;
    }

    public boolean allAccepted() {
        return accepted() == statuses.length;
    }

    @Override
    public String toString() {
        return "PushResult[httpStatus=" + httpStatus + ", queued=" + queued + ", duplicate=" + duplicate + ", failed="
                + failed + ", buffered=" + buffered + ", unknown=" + unknown + ", firstError=" + firstError + "]";
    }

    static PushResult of(int httpStatus, ItemStatus[] statuses, TransactionIds ids, String firstError) {
        int q = 0, d = 0, f = 0, b = 0, u = 0;
        for (ItemStatus s : statuses) {
            switch (s) {
                case QUEUED -> q++;
                case DUPLICATE -> d++;
                case FAILED -> f++;
                case BUFFERED -> b++;
                case UNKNOWN -> u++;
            }
        }
        return new PushResult(httpStatus, q, d, f, b, u, statuses, ids, firstError);
    }

    static PushResult all(int httpStatus, ItemStatus status, TransactionIds ids, String error) {
        ItemStatus[] st = new ItemStatus[ids.size()];
        java.util.Arrays.fill(st, status);
        return of(httpStatus, st, ids, error);
    }
}
