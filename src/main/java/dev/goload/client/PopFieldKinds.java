package dev.goload.client;

import static dev.goload.client.JsonBytes.is;

/**
 * What a pop answer's field name is to {@link PopScanner}: the kinds it reads (the names the Jackson path in
 * {@link PopDecoder} reads, aliases included) and {@link #OTHER} for the ones it skips. Stateless.
 */
final class PopFieldKinds {
    static final int OTHER = 0;
    // LEASE to PARTITION_ID: the fields an answer and each of its messages may carry, contiguous (the scanner indexes
    // its per-field arrays with kind - LEASE)
    static final int LEASE = 1;
    static final int QUEUE = 2;
    static final int PARTITION = 3;
    static final int PARTITION_ID = 4;
    static final int TRANSACTION = 5;
    static final int CREATED_AT = 6;
    static final int RETRY_COUNT = 7;
    static final int DATA = 8;
    static final int MESSAGES = 9;

    private PopFieldKinds() {
    }

    /** The kind of the field named {@code b[from, to)} (the key without its quotes). */
    static int of(byte[] b, int from, int to) {
        return switch (to - from) {
            case 4 -> is(b, from, to, "data") ? DATA : OTHER;
            case 5 -> is(b, from, to, "queue") ? QUEUE : OTHER;
            case 7 -> is(b, from, to, "leaseId") ? LEASE : OTHER;
            case 8 -> is(b, from, to, "messages") ? MESSAGES : OTHER;
            case 9 -> is(b, from, to, "queueName") ? QUEUE : is(b, from, to, "partition") ? PARTITION
                    : is(b, from, to, "createdAt") ? CREATED_AT : OTHER;
            case 10 -> is(b, from, to, "retryCount") ? RETRY_COUNT : OTHER;
            case 11 -> is(b, from, to, "partitionId") ? PARTITION_ID : OTHER;
            case 13 -> is(b, from, to, "transactionId") ? TRANSACTION : is(b, from, to, "partitionName") ? PARTITION : OTHER;
            default -> OTHER;
        };
    }
}
