package dev.goload.client;

/**
 * Outcome of a lease extension; {@code expiresAt} is generation A's {@code expiresAt} or generation B's
 * {@code newExpiresAt} (RFC 3339 text), null when absent.
 */
public record LeaseExtendResult(int httpStatus, boolean success, String expiresAt, String error) {
}
