package dev.goload.client;

/**
 * Outcome of an atomic ack+push transaction. {@code success} is false when the body says
 * {@code "success":false} or carries an {@code error}; the broker then rolled everything back (the reference
 * falls back to a plain ack).
 *
 * @param transactionId      the broker's transaction id, null if none
 * @param pushTransactionIds ids of the pushed items, in request order (client-generated where missing)
 */
public record TransactionResult(int httpStatus, boolean success, String error, String transactionId,
                                String[] pushTransactionIds) {
}
