package dev.goload.client;

/**
 * Outcome of one push call, matched to the request items by position.
 *
 * @param httpStatus     2xx status of the answer
 * @param statuses       per item, in request order
 * @param transactionIds per item, in request order (client-generated where the item had none)
 * @param firstError     first per-item or body-level error text, null if none
 */
public record PushResult(int httpStatus, int queued, int duplicate, int failed, int buffered, int unknown,
                         ItemStatus[] statuses, String[] transactionIds, String firstError) {

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

    static PushResult of(int httpStatus, ItemStatus[] statuses, String[] ids, String firstError) {
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

    static PushResult all(int httpStatus, ItemStatus status, String[] ids, String error) {
        ItemStatus[] st = new ItemStatus[ids.length];
        java.util.Arrays.fill(st, status);
        return of(httpStatus, st, ids, error);
    }
}
