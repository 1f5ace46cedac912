package dev.goload.broker;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * {@code POST /api/v1/transaction}: acks and pushes applied all-or-nothing. Every ack is validated with all its
 * partitions locked (in id order, so concurrent transactions cannot deadlock); if one would fail nothing is applied
 * and no queue or partition is created. The pushes follow the acks once those locks are released, so a concurrent
 * reader may observe the acks a moment before the pushes, but never one without the other being committed.
 * Thread-safe.
 */
final class TransactionRoute {
    /** An ack ({@code items == null}) or a push ({@code ack == null}). */
    private record Operation(AckItem ack, List<PushItem> items) {
    }

    /** The fields an operation has besides an ack's. */
    private static final class OperationFields implements AckItem.OtherField {
        private final byte[] body;
        String type;
        List<PushItem> items;

        OperationFields(byte[] body) {
            this.body = body;
        }

        @Override
        public void read(String field, JsonToken value, JsonParser p) throws IOException {
            if (field.equals("type")) {
                type = value == JsonToken.VALUE_STRING ? p.getText() : null;
            } else if (field.equals("items")) {
                if (value != JsonToken.START_ARRAY) {
                    throw new BadRequest("items array is required");
                }
                items = PushRoute.parseItems(p, body);
            }
        }
    }

    private final Registry registry;
    private final PushRoute pushes;

    TransactionRoute(Registry registry, PushRoute pushes) {
        this.registry = registry;
        this.pushes = pushes;
    }

    Reply handle(Request r) throws IOException {
        registry.counters.transactions.increment();
        List<Operation> ops = null;
        List<String> requiredLeases = new ArrayList<>();
        byte[] body = r.body();
        try (JsonParser p = JsonIn.openObject(body)) {
            while (JsonIn.next(p) == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = JsonIn.next(p);
                if (field.equals("operations") && t == JsonToken.START_ARRAY) {
                    ops = new ArrayList<>();
                    while (JsonIn.next(p) == JsonToken.START_OBJECT) {
                        ops.add(parseOperation(p, body));
                    }
                } else if (field.equals("requiredLeases") && t == JsonToken.START_ARRAY) {
                    while (JsonIn.next(p) == JsonToken.VALUE_STRING) {
                        requiredLeases.add(p.getText());
                    }
                } else {
                    JsonIn.skip(p);
                }
            }
            JsonIn.finish(p);
        }
        if (ops == null) {
            throw new BadRequest("operations array required");
        }
        if (ops.isEmpty()) {
            throw new BadRequest("operations array cannot be empty");
        }
        return execute(r.tenant(), ops, requiredLeases);
    }

    private Reply execute(String tenant, List<Operation> ops, List<String> requiredLeases) {
        long now = registry.nowMillis();
        String txnId = Ids.uuidV7(now);
        List<PushItem> items = new ArrayList<>();
        TreeMap<String, PartitionState> locked = new TreeMap<>(Comparator.naturalOrder());
        for (Operation op : ops) {
            if (op.items != null) {
                for (PushItem it : op.items) {
                    if (it.traceId() != null && !Ids.isUuid(it.traceId())) {
                        return failure(txnId, "PUSH operation failed: traceId must be a UUID", new JsonOut(64));
                    }
                    items.add(it);
                }
            } else {
                PartitionState p = registry.partitionById(tenant, op.ack.partitionId());
                if (p != null) {
                    locked.put(p.id, p);
                }
            }
        }
        for (String leaseId : requiredLeases) {
            Lease l = registry.leases.get(leaseId);
            if (l == null || !l.tenant.equals(tenant) || !l.isLive(now)) {
                return failure(txnId, "Required lease not held: " + leaseId, new JsonOut(64));
            }
        }
        JsonOut results = new JsonOut(256 + ops.size() * 200);
        results.beginArray();
        int index = 0;
        locked.values().forEach(p -> p.lock.lock());
        try {
            for (Operation op : ops) {
                if (op.ack == null) {
                    continue;
                }
                String error = precheck(tenant, op.ack, now);
                if (error != null) {
                    writeAck(results, index, op.ack, new AckOutcome(false, error, false, false, null, null));
                    return failure(txnId, "ACK operation failed: " + error, results.endArray());
                }
                index++;
            }
            index = 0;
            for (Operation op : ops) {
                if (op.ack != null) {
                    PartitionState p = registry.partitionById(tenant, op.ack.partitionId());
                    registry.counters.acks.increment();
                    AckOutcome o = p.ackLocked(AckRoute.group(op.ack, null), op.ack.transactionId(),
                            AckRoute.leaseId(op.ack), AckStatus.parse(op.ack.status()), op.ack.error(), now);
                    writeAck(results, index++, op.ack, o);
                }
            }
        } finally {
            locked.values().forEach(p -> p.lock.unlock());
        }
        for (PushResult pr : pushes.apply(tenant, items)) {
            results.beginObject().field("type", "push").field("index", index++)
                    .field("messageId", pr.message().messageId()).field("partitionId", pr.partition().id)
                    .field("queueName", pr.item().queue()).field("transactionId", pr.message().transactionId())
                    .field("status", pr.status()).field("success", true).endObject();
        }
        results.endArray();
        JsonOut out = new JsonOut(64).beginObject().field("success", true).field("transactionId", txnId);
        out.name("results").raw(results.toBytes());
        return Reply.json(200, out.endObject());
    }

    private String precheck(String tenant, AckItem ack, long now) {
        if (AckStatus.parse(ack.status()) == null) {
            return "Invalid status: " + ack.status();
        }
        PartitionState p = registry.partitionById(tenant, ack.partitionId());
        if (p == null) {
            return AckOutcome.NOT_FOUND;
        }
        return p.precheckLocked(AckRoute.group(ack, null), ack.transactionId(), AckRoute.leaseId(ack), now);
    }

    private Reply failure(String txnId, String error, JsonOut results) {
        registry.counters.failedAcks.increment();
        JsonOut out = new JsonOut(128).beginObject().field("success", false).field("error", error)
                .field("transactionId", txnId);
        byte[] r = results.toBytes();
        out.name("results").raw(r.length == 0 ? "[]".getBytes(java.nio.charset.StandardCharsets.US_ASCII) : r);
        return Reply.json(200, out.endObject());
    }

    private static void writeAck(JsonOut out, int index, AckItem it, AckOutcome o) {
        out.beginObject().field("type", "ack").field("index", index).field("transactionId", it.transactionId())
                .field("success", o.success()).field("error", o.error()).field("dlq", o.dlq())
                .field("leaseReleased", o.leaseReleased()).endObject();
    }

    private static Operation parseOperation(JsonParser p, byte[] body) throws IOException {
        OperationFields other = new OperationFields(body);
        AckItem ack = AckItem.parse(p, other);
        if ("push".equals(other.type)) {
            if (other.items == null) {
                throw new BadRequest("items array is required");
            }
            return new Operation(null, other.items);
        }
        if (!"ack".equals(other.type)) {
            throw new BadRequest("Unknown operation type: " + other.type);
        }
        return new Operation(ack.requireIds(), null);
    }
}
