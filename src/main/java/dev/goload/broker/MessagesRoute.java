package dev.goload.broker;

import java.time.Instant;

/**
 * {@code GET /api/v1/messages/{partitionId}/{transactionId}}: one message's state, in the shape the C++ broker
 * answers ({@code ../shared/queen-wire/cxx-broker-1.0.0-messages-api.txt}) — {@code consumerGroups[]} with
 * {@code name}, {@code consumed} (the group's cursor passed it) and {@code leaseExpiresAt}, {@code status}
 * {@code pending|completed}, {@code retryCount}, the payload — plus two fields the real broker does not have,
 * per group: {@code delivered} (handed to a popper at least once) and {@code acked}. With them a skipped message
 * ({@code consumed:true, delivered:false}) is told apart from one delivered and acked.
 *
 * <p>Not found (never stored, another tenant's, or dropped after every group consumed it, as a real broker's
 * retention drops it) answers generation B's real 404 with the C++ broker's body {@code {"error":"Message not
 * found"}}. Thread-safe.
 */
final class MessagesRoute {
    static final String NOT_FOUND = "Message not found";

    private final Registry registry;

    MessagesRoute(Registry registry) {
        this.registry = registry;
    }

    Reply lookup(String tenant, String partitionId, String transactionId) {
        PartitionState p = registry.partitionById(tenant, partitionId);
        MessageView v = p == null ? null : p.lookup(transactionId, registry.nowMillis());
        if (v == null) {
            return Reply.error(404, NOT_FOUND);
        }
        StoredMessage m = v.message();
        JsonOut out = new JsonOut(512 + m.payload().length).beginObject();
        out.name("consumerGroups").beginArray();
        int maxRetry = 0;
        long leaseAt = -1;
        for (MessageView.Group g : v.groups()) {
            out.beginObject().field("name", g.name()).field("consumed", g.consumed());
            if (g.delivered() != null) {
                out.field("delivered", g.delivered()).field("acked", g.acked());
            }
            out.field("leaseExpiresAt", iso(g.leaseExpiresAtMillis())).endObject();
            maxRetry = Math.max(maxRetry, g.retryCount());
            leaseAt = Math.max(leaseAt, g.leaseExpiresAtMillis());
        }
        out.endArray();
        out.field("createdAt", m.createdAt()).field("id", m.messageId())
                .field("leaseExpiresAt", iso(leaseAt)).field("partition", p.name).field("partitionId", p.id);
        out.name("payload");
        if (m.payload() == null) {
            out.nullValue();
        } else {
            out.raw(m.payload());
        }
        out.field("queue", p.queue.name).field("queuePath", p.queue.name + "/" + p.name)
                .field("retryCount", maxRetry).field("status", v.status()).field("traceId", m.traceId())
                .field("transactionId", m.transactionId());
        return Reply.json(200, out.endObject());
    }

    private static String iso(long millis) {
        return millis < 0 ? null : Instant.ofEpochMilli(millis).toString();
    }
}
