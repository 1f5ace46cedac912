package dev.goload.broker;

/** One message handed to a popper, with the retry count and last error its group's cursor reports for it. */
record Delivery(StoredMessage message, int retryCount, String errorMessage, PartitionState partition) {
}
