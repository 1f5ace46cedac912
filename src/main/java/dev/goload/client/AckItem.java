package dev.goload.client;

import java.util.Objects;

/**
 * One acknowledgement. {@code leaseId} null or empty is not sent (generation A acks without lease check then);
 * {@code error} null is not sent.
 *
 * @param status {@code completed} or {@code failed} (generation A also accepts success, dlq, retry)
 */
public record AckItem(String transactionId, String partitionId, String leaseId, String status, String error) {
    static final String COMPLETED = "completed";
    static final String FAILED = "failed";

    public AckItem {
        requireIds(transactionId, partitionId);
        Objects.requireNonNull(status, "status");
    }

    /** The ids every ack must carry (an ack body built straight from messages checks them too). */
    static void requireIds(String transactionId, String partitionId) {
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(partitionId, "partitionId (mandatory on both broker generations)");
    }

    public static AckItem completed(Message m) {
        return new AckItem(m.transactionId(), m.partitionId(), m.leaseId(), COMPLETED, null);
    }

    public static AckItem failed(Message m, String error) {
        return new AckItem(m.transactionId(), m.partitionId(), m.leaseId(), FAILED, error);
    }

    /**
     * The lease id a request carries, null for none: an empty lease (generation A autoAck) would be checked
     * against live leases and fail, while an absent one skips the check.
     */
    String sentLeaseId() {
        return sent(leaseId);
    }

    /** {@code leaseId} as a request carries it: null for none. */
    static String sent(String leaseId) {
        return leaseId == null || leaseId.isEmpty() ? null : leaseId;
    }
}
