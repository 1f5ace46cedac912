package dev.goload.broker;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code POST /api/v1/ack} and {@code POST /api/v1/ack/batch}. Every item is answered in request order with Queen's
 * fields ({@code index} is request-relative here, as in Queen). Thread-safe (stateless apart from the registry).
 */
final class AckRoute {
    private final Registry registry;

    AckRoute(Registry registry) {
        this.registry = registry;
    }

    Reply single(Request r) throws IOException {
        AckItem item;
        try (JsonParser p = JsonIn.openObject(r.body())) {
            item = AckItem.parse(p);
            JsonIn.finish(p);
        }
        item.requireIds();
        AckOutcome o = apply(r.tenant(), item, null);
        JsonOut out = new JsonOut(256).beginArray();
        write(out, 0, item, o);
        return Reply.json(200, out.endArray());
    }

    Reply batch(Request r) throws IOException {
        List<AckItem> items = null;
        String group = null;
        try (JsonParser p = JsonIn.openObject(r.body())) {
            while (JsonIn.next(p) == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = JsonIn.next(p);
                if (field.equals("acknowledgments") && t == JsonToken.START_ARRAY) {
                    items = new ArrayList<>();
                    JsonToken e;
                    while ((e = JsonIn.next(p)) != JsonToken.END_ARRAY) {
                        if (e != JsonToken.START_OBJECT) {
                            throw new BadRequest("Each acknowledgment must be an object");
                        }
                        items.add(AckItem.parse(p));
                    }
                } else if (field.equals("consumerGroup") && t == JsonToken.VALUE_STRING) {
                    group = p.getText();
                } else {
                    JsonIn.skip(p);
                }
            }
            JsonIn.finish(p);
        }
        if (items == null) {
            throw new BadRequest("acknowledgments array is required");
        }
        for (AckItem it : items) {
            if (it.partitionId() == null || it.partitionId().isEmpty()) {
                throw new BadRequest(
                        "Each acknowledgment must have a valid partitionId string to ensure message uniqueness");
            }
            if (it.transactionId() == null || it.transactionId().isEmpty()) {
                throw new BadRequest("Each acknowledgment must have a transactionId string");
            }
        }
        JsonOut out = new JsonOut(64 + items.size() * 200).beginArray();
        for (int i = 0; i < items.size(); i++) {
            write(out, i, items.get(i), apply(r.tenant(), items.get(i), group));
        }
        return Reply.json(200, out.endArray());
    }

    /** Applies one ack; {@code groupOverride} (ack/batch's top-level consumerGroup) beats the item's own group. */
    AckOutcome apply(String tenant, AckItem it, String groupOverride) {
        registry.counters.acks.increment();
        AckOutcome o = applyUncounted(tenant, it, groupOverride);
        if (!o.success()) {
            registry.counters.failedAcks.increment();
        }
        return o;
    }

    private AckOutcome applyUncounted(String tenant, AckItem it, String groupOverride) {
        AckStatus status = AckStatus.parse(it.status());
        if (status == null) {
            return new AckOutcome(false, "Invalid status: " + it.status(), false, false, null, null);
        }
        PartitionState p = registry.partitionById(tenant, it.partitionId());
        if (p == null) {
            return AckOutcome.notFound();
        }
        return p.ack(group(it, groupOverride), it.transactionId(), leaseId(it), status, it.error(),
                registry.nowMillis());
    }

    static String group(AckItem it, String groupOverride) {
        String g = groupOverride != null && !groupOverride.isEmpty() ? groupOverride : it.consumerGroup();
        return g == null || g.isEmpty() ? QueueState.QUEUE_MODE : g;
    }

    /** An empty leaseId (what autoAck pops hand out) means "no lease". */
    static String leaseId(AckItem it) {
        return it.leaseId() == null || it.leaseId().isEmpty() ? null : it.leaseId();
    }

    static void write(JsonOut out, int index, AckItem it, AckOutcome o) {
        out.beginObject()
                .field("index", index)
                .field("transactionId", it.transactionId())
                .field("success", o.success())
                .field("error", o.error())
                .field("queueName", o.queueName())
                .field("partitionName", o.partitionName())
                .field("leaseReleased", o.leaseReleased())
                .field("dlq", o.dlq())
                .endObject();
    }
}
