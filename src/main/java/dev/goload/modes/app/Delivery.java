package dev.goload.modes.app;

import dev.goload.client.Message;

/**
 * One delivered message as a consumer processes it: its stamps, planned work time and whether it fails.
 *
 * @param foreign a message of another run (or not an app message): acked, never counted, logged or judged
 */
record Delivery(Message message, AppPayload.Stamp stamp, long workMillis, boolean fail, boolean foreign) {
    String partition() {
        return message.partition();
    }
}
