package dev.goload.broker;

import java.time.Instant;
import java.util.List;

/** Health, metrics, status, dead-letter listing and queue deletion. Thread-safe (reads snapshots). */
final class AdminRoute {
    static final String VERSION = "goload-embedded-1.0";
    private final Registry registry;
    private final long startedMillis;

    AdminRoute(Registry registry) {
        this.registry = registry;
        this.startedMillis = System.currentTimeMillis();
    }

    Reply health() {
        return Reply.json(200, new JsonOut(256).beginObject()
                .field("status", "healthy")
                .field("database", "connected")
                .field("server", "goload embedded broker")
                .field("version", VERSION)
                .field("tenancyHeader", registry.options.tenancyHeader())
                .endObject());
    }

    Reply metrics() {
        BrokerStats s = registry.counters.snapshot();
        JsonOut o = new JsonOut(512).beginObject()
                .field("uptime", (System.currentTimeMillis() - startedMillis) / 1000);
        o.name("messages").beginObject().field("total", s.pushedMessages()).endObject();
        o.name("requests").beginObject().field("total", s.pushes() + s.pops() + s.acks()).endObject();
        o.name("database").beginObject().field("poolSize", 0).field("idleConnections", 0)
                .field("waitingRequests", 0).endObject();
        o.name("counters");
        counters(o, s);
        return Reply.json(200, o.endObject());
    }

    Reply prometheus() {
        BrokerStats s = registry.counters.snapshot();
        String text = "queen_cluster_push_requests_total " + s.pushes() + "\n"
                + "queen_cluster_push_messages_total " + s.pushedMessages() + "\n"
                + "queen_cluster_pop_requests_total " + s.pops() + "\n"
                + "queen_cluster_pop_messages_total " + s.poppedMessages() + "\n"
                + "queen_cluster_ack_total " + s.acks() + "\n"
                + "queen_dlq_depth " + s.deadLettered() + "\n";
        return Reply.text(200, text);
    }

    Reply status() {
        BrokerStats s = registry.counters.snapshot();
        List<QueueState> queues = registry.queues();
        JsonOut o = new JsonOut(1024).beginObject().field("server", "goload embedded broker")
                .field("version", VERSION);
        o.name("leases").beginObject().field("active", registry.leases.size()).endObject();
        o.name("counters");
        counters(o, s);
        o.name("queues").beginArray();
        for (QueueState q : queues) {
            long retained = 0;
            for (PartitionState p : q.partitions()) {
                retained += p.retained();
            }
            o.beginObject().field("name", q.name).field("tenant", q.tenant).field("partitions", q.partitionCount())
                    .field("retainedMessages", retained).endObject();
        }
        return Reply.json(200, o.endArray().endObject());
    }

    Reply deadLetters(String tenant, String queue) {
        QueueState q = queue == null ? null : registry.find(tenant, queue);
        JsonOut o = new JsonOut(1024).beginObject();
        o.name("messages").beginArray();
        if (q != null) {
            for (DeadLetter d : q.deadLetters()) {
                StoredMessage m = d.message();
                o.beginObject().field("id", m.messageId()).field("transactionId", m.transactionId())
                        .field("queue", q.name).field("partition", d.partition())
                        .field("consumerGroup", d.consumerGroup()).field("errorMessage", d.error())
                        .field("retryCount", d.retryCount()).field("createdAt", m.createdAt());
                o.name("data").raw(m.payload());
                o.endObject();
            }
        }
        return Reply.json(200, o.endArray().endObject());
    }

    Reply deleteQueue(String tenant, String queue) {
        boolean existed = registry.delete(tenant, queue);
        return Reply.json(200, new JsonOut(128).beginObject().field("deleted", true).field("existed", existed)
                .field("queue", queue).endObject());
    }

    private static void counters(JsonOut o, BrokerStats s) {
        o.beginObject().field("pushes", s.pushes()).field("pushedMessages", s.pushedMessages())
                .field("duplicates", s.duplicates()).field("failedItems", s.failedItems()).field("pops", s.pops())
                .field("emptyPops", s.emptyPops()).field("poppedMessages", s.poppedMessages())
                .field("acks", s.acks()).field("failedAcks", s.failedAcks())
                .field("deadLettered", s.deadLettered()).field("leaseExpiries", s.leaseExpiries())
                .field("transactions", s.transactions()).field("at", Instant.now().toString()).endObject();
    }
}
