package dev.goload.broker;

/** A request the broker rejects with 400 and {@code {"error": message}}. */
final class BadRequest extends RuntimeException {
    BadRequest(String message) {
        super(message, null, false, false);
    }
}
