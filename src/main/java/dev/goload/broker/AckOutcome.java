package dev.goload.broker;

/** Result of one ack item, mirroring the fields of Queen's ack response entries. */
record AckOutcome(boolean success, String error, boolean leaseReleased, boolean dlq, String queueName,
        String partitionName) {

    static final String NOT_FOUND = "Message not found";
    static final String INVALID_LEASE = "Invalid or expired lease";

    static AckOutcome notFound() {
        return new AckOutcome(false, NOT_FOUND, false, false, null, null);
    }
}
