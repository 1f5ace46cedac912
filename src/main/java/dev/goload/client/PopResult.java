package dev.goload.client;

import java.util.List;

/**
 * Outcome of one pop. Empty means no messages — a 204, or {@code messages} empty or absent — whatever the
 * status and whatever {@code success}/{@code error} say (generation A's {@code lease_held} is an empty pop).
 *
 * @param leaseId the top-level lease id, else the first message's, else null
 */
public record PopResult(int httpStatus, List<Message> messages, String leaseId) {
    public boolean empty() {
        return messages.isEmpty();
    }

    public int size() {
        return messages.size();
    }
}
