package dev.goload.broker;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code POST /api/v1/push}: validates every item first (any invalid item rejects the whole request with 400, as
 * Queen does), then stores them in request order and answers 201 with one result per item.
 *
 * <p>A non-UUID {@code traceId} fails only its own item ({@code "status":"failed"}). Generation A would instead
 * divert the whole fused batch to its file buffer and answer {@code buffered}; reporting the item as failed is the
 * honest equivalent for a broker without a buffer. Thread-safe (stateless apart from the registry).
 */
final class PushRoute {
    private final Registry registry;

    PushRoute(Registry registry) {
        this.registry = registry;
    }

    Reply handle(Request r) throws IOException {
        List<PushItem> items = parseBody(r.body());
        PushResult[] results = apply(r.tenant(), items);
        // ~390 bytes per result with a short queue name and no traceId: room enough that the buffer never grows
        JsonOut out = new JsonOut(64 + results.length * 460).beginArray();
        for (int i = 0; i < results.length; i++) {
            write(out, i, results[i]);
        }
        return Reply.json(201, out.endArray());
    }

    static List<PushItem> parseBody(byte[] body) throws IOException {
        List<PushItem> items = null;
        try (JsonParser p = JsonIn.openObject(body)) {
            while (JsonIn.next(p) == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = JsonIn.next(p);
                if (field.equals("items") && t == JsonToken.START_ARRAY) {
                    items = parseItems(p, body);
                } else {
                    JsonIn.skip(p);
                }
            }
            JsonIn.finish(p);
        }
        if (items == null) {
            throw new BadRequest("items array is required");
        }
        return items;
    }

    /** Parses an items array; the parser is on its START_ARRAY and reads from {@code body} at offset 0. */
    static List<PushItem> parseItems(JsonParser p, byte[] body) throws IOException {
        List<PushItem> items = new ArrayList<>();
        JsonToken t;
        while ((t = JsonIn.next(p)) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                throw new BadRequest("Each item must be an object");
            }
            String queue = null;
            String partition = "Default";
            byte[] payload = null;
            String transactionId = null;
            String traceId = null;
            while (JsonIn.next(p) == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonIn.next(p);
                switch (field) {
                    case "queue" -> queue = JsonIn.optString(p, "Queue must be a string");
                    case "partition" -> {
                        String s = JsonIn.optString(p, "Partition must be a string");
                        partition = s == null ? "Default" : s;
                    }
                    case "payload" -> payload = JsonIn.rawValue(p, body);
                    case "transactionId" -> transactionId = JsonIn.optString(p, "TransactionId must be a string");
                    case "traceId" -> traceId = JsonIn.optString(p, "TraceId must be a string");
                    default -> JsonIn.skip(p);
                }
            }
            if (queue == null) {
                throw new BadRequest("Queue must be a string");
            }
            if (payload == null) {
                payload = JsonIn.rawValue(p, body); // on END_OBJECT: yields null
            }
            if (transactionId != null && transactionId.isEmpty()) {
                transactionId = null;
            }
            items.add(new PushItem(queue, partition, payload, transactionId, traceId));
        }
        return items;
    }

    /** Stores the items in order and wakes the long-polls of every queue touched. */
    PushResult[] apply(String tenant, List<PushItem> items) {
        registry.counters.pushes.increment();
        long now = registry.nowMillis();
        String createdAt = registry.clock.instant().toString();
        PushResult[] results = new PushResult[items.size()];
        Map<QueueState, Set<PartitionState>> touched = new IdentityHashMap<>();
        boolean[] duplicate = new boolean[1];
        QueueState lastQueue = null;
        PartitionState lastPartition = null;
        for (int i = 0; i < results.length; i++) {
            PushItem it = items.get(i);
            if (it.traceId() != null && !Ids.isUuid(it.traceId())) {
                registry.counters.failedItems.increment();
                results[i] = new PushResult(it, "failed", null, null, "traceId must be a UUID");
                continue;
            }
            QueueState q = lastQueue != null && lastQueue.name.equals(it.queue()) && !lastQueue.deleted
                    ? lastQueue : registry.queue(tenant, it.queue());
            PartitionState p = lastPartition != null && lastPartition.queue == q
                    && lastPartition.name.equals(it.partition()) ? lastPartition : q.partition(it.partition(), true);
            String txn = it.transactionId() != null ? it.transactionId() : Ids.uuidV7(now);
            if (registry.faults.dropThisPush()) {
                // TEST ONLY: answered as queued, never stored (BrokerFaults)
                StoredMessage lost = new StoredMessage(-1, Ids.uuidV7(now), txn, it.traceId(), it.payload(),
                        createdAt, now);
                results[i] = new PushResult(it, "queued", lost, p, null);
                lastQueue = q;
                lastPartition = p;
                continue;
            }
            StoredMessage m = p.push(txn, it.traceId(), it.payload(), createdAt, now, duplicate);
            if (duplicate[0]) {
                registry.counters.duplicates.increment();
                results[i] = new PushResult(it, "duplicate", m, p, null);
            } else {
                registry.counters.pushedMessages.increment();
                results[i] = new PushResult(it, "queued", m, p, null);
                touched.computeIfAbsent(q, k -> java.util.Collections.newSetFromMap(new IdentityHashMap<>())).add(p);
            }
            lastQueue = q;
            lastPartition = p;
        }
        touched.forEach((q, ps) -> q.wakeAfterPush(ps.size()));
        return results;
    }

    /** One result entry with both Queen's snake_case (generation A) and camelCase (generation B) names. */
    static void write(JsonOut out, int index, PushResult r) {
        out.beginObject().field("index", index).field("queueName", r.item().queue()).field("status", r.status());
        if (r.message() != null) {
            StoredMessage m = r.message();
            out.field("message_id", m.messageId()).field("messageId", m.messageId())
                    .field("partition_id", r.partition().id).field("partitionId", r.partition().id)
                    .field("transaction_id", m.transactionId()).field("transactionId", m.transactionId())
                    .field("trace_id", m.traceId());
        } else {
            out.field("transaction_id", r.item().transactionId()).field("transactionId", r.item().transactionId())
                    .field("error", r.error());
        }
        out.endObject();
    }
}
