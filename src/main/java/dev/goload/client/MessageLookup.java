package dev.goload.client;

import java.util.List;

/**
 * The broker's answer to a message look-up ({@code GET /api/v1/messages/{partitionId}/{transactionId}},
 * {@link QueenClient#lookupMessage}).
 *
 * @param outcome        found, not found (the broker answered "Message not found"), or the route is not served
 * @param status         {@code pending} / {@code completed} as the broker words it, null when absent
 * @param retryCount     redeliveries the broker counted, null when absent (generation A: null until popped)
 * @param leaseExpiresAt the message's live lease expiry, null when none
 * @param groups         per consumer group, in the broker's order
 * @param detail         why the route is unavailable (status and the start of the body), else null
 */
public record MessageLookup(Outcome outcome, String status, Integer retryCount, String leaseExpiresAt,
                            List<Group> groups, String detail) {

    public enum Outcome { FOUND, NOT_FOUND, UNAVAILABLE }

    /**
     * One consumer group's state of the message.
     *
     * @param consumed       the group's cursor has passed it
     * @param delivered      handed to a popper of the group at least once; null when the broker does not say (the
     *                       C++ broker never does; the embedded broker does)
     * @param acked          acked by the group; null when the broker does not say
     * @param leaseExpiresAt the group's lease on it, null when none
     */
    public record Group(String name, boolean consumed, Boolean delivered, Boolean acked, String leaseExpiresAt) {
    }

    static MessageLookup notFound() {
        return new MessageLookup(Outcome.NOT_FOUND, null, null, null, List.of(), null);
    }

    static MessageLookup unavailable(String detail) {
        return new MessageLookup(Outcome.UNAVAILABLE, null, null, null, List.of(), detail);
    }

    /** The named group's state, or null when the broker lists no such group for the message. */
    public Group group(String name) {
        for (Group g : groups) {
            if (g.name().equals(name)) return g;
        }
        return null;
    }
}
