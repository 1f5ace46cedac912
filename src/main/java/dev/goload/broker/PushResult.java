package dev.goload.broker;

/** Outcome of one push item: {@code queued}, {@code duplicate} (message = the original) or {@code failed}. */
record PushResult(PushItem item, String status, StoredMessage message, PartitionState partition, String error) {
}
