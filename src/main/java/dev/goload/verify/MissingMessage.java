package dev.goload.verify;

/**
 * One message the verdict counts as missing, with what the broker needs to find it.
 *
 * @param id                  how the mode names it on the console and in its record ({@code "<tenant>:<seq>"} in
 *                            cloud, the sequence number in order)
 * @param owner               which of the mode's clients reaches its queue (cloud: the tenant index; else 0)
 * @param queue               its queue
 * @param partition           its partition name
 * @param transactionId       the transaction id it was pushed with
 * @param witnessTransactionId an earlier-pushed message of the same partition that the loader received (so the
 *                            broker stored it), or null: when the missing one is not found but the witness is, the
 *                            missing one was never stored (retention drops a partition's oldest messages first);
 *                            when neither is found they may both have been consumed and removed
 * @param group               the consumer group that should have received it; null = the attribution's group
 */
public record MissingMessage(String id, int owner, String queue, String partition, String transactionId,
                             String witnessTransactionId, String group) {
}
