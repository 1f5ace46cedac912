package dev.goload.broker;

/** A message a consumer group gave up on (retry limit exceeded or an explicit {@code dlq} ack). */
record DeadLetter(StoredMessage message, String partition, String consumerGroup, String error, int retryCount) {
}
