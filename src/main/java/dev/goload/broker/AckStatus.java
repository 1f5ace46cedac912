package dev.goload.broker;

/** The ack statuses Queen accepts; {@code success} is an alias of {@code completed}. */
enum AckStatus {
    COMPLETED, FAILED, DLQ, RETRY;

    /** Parses the wire value, or returns null for an unknown one. */
    static AckStatus parse(String s) {
        if (s == null) {
            return COMPLETED;
        }
        return switch (s) {
            case "completed", "success" -> COMPLETED;
            case "failed" -> FAILED;
            case "dlq" -> DLQ;
            case "retry" -> RETRY;
            default -> null;
        };
    }
}
