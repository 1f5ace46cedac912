package dev.goload.client;

/** Per-item outcome of a push, decided by the response body (never by the HTTP status alone). */
public enum ItemStatus {
    /** Stored in the broker. */
    QUEUED,
    /** The (partition, transactionId) pair already existed; the original message stands. */
    DUPLICATE,
    /** The broker rejected the item (generation B per-item {@code failed}, or a whole-request body error). */
    FAILED,
    /** Generation A wrote the item to its file buffer because the DB path failed; not yet in the DB. */
    BUFFERED,
    /** No or unrecognised status for this item (empty body, unknown status string). */
    UNKNOWN;

    static ItemStatus parse(String s) {
        if (s == null) return UNKNOWN;
        return switch (s) {
            case "queued" -> QUEUED;
            case "duplicate" -> DUPLICATE;
            case "failed" -> FAILED;
            case "buffered" -> BUFFERED;
            default -> UNKNOWN;
        };
    }
}
