package dev.goload.modes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;

/**
 * The broker's identity for the run record: its {@code GET /health} answer at the start, or why it is unknown.
 *
 * @param health the answer, null when the call failed
 * @param error  why the identity is unknown, null when known
 */
public record BrokerIdentity(JsonNode health, String error) {
    /** Asks once; a failure is kept (the run goes on: the record says why the identity is unknown). */
    public static BrokerIdentity of(QueenClient client) {
        try {
            return new BrokerIdentity(client.health(), null);
        } catch (QueenException e) {
            return new BrokerIdentity(null, e.getMessage());
        }
    }
}
