package dev.goload.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.RequestBody;

/**
 * The one Queen HTTP client (both broker generations, and the multi-tenant proxy).
 *
 * <p><b>Threading:</b> thread-safe; share one instance per base URL (it owns the connection pool). Every call
 * blocks the calling thread — run callers on virtual threads. {@link #cancelAll()} aborts every in-flight call and
 * retry delay (callers get {@link ErrorKind#CANCELED}); interrupting a caller does the same for its call.
 *
 * <p><b>Failures</b> are always a {@link QueenException}. <b>Success is decided by the body:</b> see
 * {@link PushResult}, {@link AckResult}, {@link PopResult#empty()}.
 *
 * <pre>{@code
 * try (QueenClient c = new QueenClient(ClientConfig.of("http://127.0.0.1:6632"))) {
 *     PushResult r = c.push("orders", null, "{\"n\":1}".getBytes(UTF_8), 10);
 *     PopResult p = c.pop(PopRequest.of("orders").withBatch(10));
 *     c.ackMessages(p.messages(), true, null);
 * }
 * }</pre>
 */
public final class QueenClient implements AutoCloseable {
    private final ClientConfig cfg;
    private final HttpUrl base;
    private final ClientStats stats;
    private final Transport transport;
    // The fixed endpoints' URLs and call specs, built once: building an HttpUrl per request was ~4 % of push CPU.
    private final HttpUrl pushUrl;
    private final HttpUrl ackUrl;
    private final HttpUrl ackBatchUrl;
    private final HttpUrl transactionUrl;
    private final Transport.CallSpec pushSpec;
    private final Transport.CallSpec ackSpec;
    private final Transport.CallSpec ackBatchSpec;
    private final Transport.CallSpec transactionSpec;
    /** The push loops of this client ({@link #pushLoop}): cancelled, warmed up and closed with it. */
    private final List<PushLoop<?>> loops = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Codec runs in {@link #warmUp}: enough for the JIT to compile them (C2 after ~10 000 invocations). */
    static final int CODEC_WARM_UP_ITERATIONS = 3_000;

    public QueenClient(ClientConfig cfg) {
        this(cfg, new ConnectionTally());
    }

    /**
     * A client whose socket counts go to {@code connections}, which the other clients of a run may share (cloud:
     * one client per tenant, one tally for the run, so its peak is the run's).
     */
    public QueenClient(ClientConfig cfg, ConnectionTally connections) {
        this.cfg = Objects.requireNonNull(cfg, "cfg");
        this.stats = new ClientStats(Objects.requireNonNull(connections, "connections"));
        HttpUrl u = HttpUrl.parse(cfg.baseUrl());
        if (u == null) throw new IllegalArgumentException("not an http(s) URL: " + cfg.baseUrl());
        // Drop a trailing empty segment so a base of "http://h/prefix/" does not produce "//api".
        this.base = u.pathSegments().getLast().isEmpty() && u.pathSize() > 1
                ? u.newBuilder().removePathSegment(u.pathSize() - 1).build() : u;
        this.transport = new Transport(cfg, stats);
        this.pushUrl = url("api/v1/push");
        this.ackUrl = url("api/v1/ack");
        this.ackBatchUrl = url("api/v1/ack/batch");
        this.transactionUrl = url("api/v1/transaction");
        this.pushSpec = spec("push request failed: ");
        this.ackSpec = spec("ack request failed: ");
        this.ackBatchSpec = spec("batch ack request failed: ");
        this.transactionSpec = spec("transaction commit failed: ");
    }

    public ClientConfig config() {
        return cfg;
    }

    /** The HTTP implementation carrying this client's calls to its base URL (see {@link HttpEngine}). */
    public HttpEngine engine() {
        return transport.engine();
    }

    /** The HTTP implementation a client built from {@code cfg} would use for its base URL. */
    public static HttpEngine engineFor(ClientConfig cfg) {
        return Transport.effective(cfg);
    }

    public ClientStats stats() {
        return stats;
    }

    /**
     * Warms the client up ahead of a run: the push and pop codecs run a few thousand times on canned bytes (nothing
     * is sent; once per JVM, by the first client to warm up), then up to {@code connections} keep-alive connections to the base URL are opened and left pooled
     * (never beyond the idle allowance), so the run's first requests pay neither for the dial nor for cold code. The
     * http1 engine only connects; OkHttp cannot dial ahead, so there {@code connections} concurrent
     * {@code GET /health} calls (which the broker answers without side effects) leave their connections pooled.
     *
     * @return the connections opened (or health calls answered)
     * @throws QueenException when a connection cannot be opened
     */
    public int warmUp(int connections) {
        int dialled;
        try {
            ClientWarmUp.exerciseOnce(CODEC_WARM_UP_ITERATIONS);
            int viaLoops = 0;
            for (PushLoop<?> l : loops) viaLoops += l.dialAhead(Math.min(connections - viaLoops, l.dialAheadWanted()));
            dialled = transport.warmUp(connections - viaLoops);
            if (dialled >= 0) dialled += viaLoops;
        } catch (java.io.IOException e) {
            throw QueenException.of(QueenException.classify(e), 0, "warm-up connect: " + e.getMessage(), e);
        }
        if (dialled >= 0) return dialled;
        java.util.concurrent.atomic.AtomicInteger answered = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<Thread> calls = new java.util.ArrayList<>(connections);
        for (int i = 0; i < connections; i++) {
            calls.add(Thread.ofVirtual().name("goload-warmup-health").start(() -> {
                try {
                    health();
                    answered.incrementAndGet();
                } catch (QueenException e) {
                    // counted as not answered
                }
            }));
        }
        for (Thread t : calls) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return answered.get();
    }

    /** Pushes items in one request; ids are generated (UUIDv7) where an item has none. Empty list: no request. */
    public PushResult push(List<PushItem> items) {
        String[] ids = transactionIds(items);
        if (ids.length == 0) return PushResult.of(0, new ItemStatus[0], TransactionIds.of(ids), null);
        return doPush(PushBody.of(items, ids), TransactionIds.of(ids));
    }

    /** The hot path: {@code count} items of one queue/partition sharing one payload, a fresh UUIDv7 each. */
    public PushResult push(String queue, String partition, byte[] payloadJson, int count) {
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(payloadJson, "payloadJson");
        TransactionIds ids = TransactionIds.generate(count);
        if (count == 0) return PushResult.of(0, new ItemStatus[0], ids, null);
        return doPush(PushBody.uniformGenerated(queue, partition, payloadJson, ids), ids);
    }

    private PushResult doPush(PushBody body, TransactionIds ids) {
        Request req = transport.request().url(pushUrl).post(body).build();
        return transport.execute(req, pushSpec, ResultDecoders.push(ids));
    }

    /** Each item's transaction id, a fresh UUIDv7 where it has none (also the {@link PushLoop}'s). */
    static String[] transactionIds(List<PushItem> items) {
        String[] ids = new String[items.size()];
        for (int i = 0; i < ids.length; i++) {
            String t = items.get(i).transactionId();
            ids[i] = t != null ? t : Uuid7.next();
        }
        return ids;
    }

    public PopResult pop(PopRequest r) {
        return prepare(r).pop();
    }

    /** {@code r}'s pop with its URL, headers and call spec built once, for a consumer that repeats it. */
    public PreparedPop prepare(PopRequest r) {
        Request req = transport.request().url(PopUrl.build(base, r, cfg.popAutopilot())).get().build();
        var spec = new Transport.CallSpec("pop request failed: ", PopUrl.callTimeoutMillis(r, cfg.timeoutMillis()),
                r.longPoll(), false);
        return () -> transport.execute(req, spec, new PopDecoder(r));
    }

    /** One item ⇒ {@code POST /api/v1/ack}, more ⇒ {@code /api/v1/ack/batch}. Empty list: no request. */
    public AckResult ack(List<AckItem> items, String consumerGroup) {
        if (items.isEmpty()) return AckResult.of(0, new boolean[0], null);
        if (items.size() > 1) return ackBatch(RequestBodies.ackBatch(items, consumerGroup), items.size());
        Request req = transport.request().url(ackUrl).post(RequestBodies.ack(items.getFirst(), consumerGroup)).build();
        return transport.execute(req, ackSpec, ResultDecoders.ack(1));
    }

    /** Acks popped messages as {@code completed} (success) or {@code failed}. */
    public AckResult ackMessages(List<Message> msgs, boolean success, String consumerGroup) {
        if (msgs.size() > 1) { // the batch body straight from the messages: no AckItem per message
            String status = success ? AckItem.COMPLETED : AckItem.FAILED;
            return ackBatch(RequestBodies.ackMessages(msgs, status, consumerGroup), msgs.size());
        }
        List<AckItem> items = new ArrayList<>(msgs.size());
        for (Message m : msgs) items.add(success ? AckItem.completed(m) : AckItem.failed(m, null));
        return ack(items, consumerGroup);
    }

    /** {@code POST /api/v1/ack/batch} of {@code body}, which acks {@code items} messages. */
    private AckResult ackBatch(RequestBody body, int items) {
        Request req = transport.request().url(ackBatchUrl).post(body).build();
        return transport.execute(req, ackBatchSpec, ResultDecoders.ack(items));
    }

    /**
     * {@code POST /api/v1/configure}. At least one option is required (generation A answers an error for none);
     * {@code "mode":"replace"} is sent only when {@code replace}. A body {@code error} on a 2xx raises
     * {@link ErrorKind#OTHER}.
     */
    public JsonNode configure(String queue, Map<String, Object> options, boolean replace) {
        if (options == null || options.isEmpty()) {
            throw new IllegalArgumentException("configure needs at least one option (generation A bug, queen-wire A.1.2)");
        }
        Request req = transport.request().url(url("api/v1/configure"))
                .post(RequestBodies.configure(queue, options, replace)).build();
        JsonNode n = transport.execute(req, spec("create queue failed: "), QueenClient::jsonNode);
        String err = errorOf(n);
        if (err != null) {
            throw QueenException.of(ErrorKind.OTHER, 200, "create queue failed: " + err, null);
        }
        return n;
    }

    public TransactionResult transaction(List<AckItem> acks, List<PushItem> pushes, List<String> requiredLeases) {
        return transaction(acks, pushes, requiredLeases, null);
    }

    /** Atomic ack+push; a body-level failure is a result ({@code success=false}), not an exception. */
    public TransactionResult transaction(List<AckItem> acks, List<PushItem> pushes, List<String> requiredLeases,
                                         String consumerGroup) {
        String[] ids = transactionIds(pushes);
        RequestBody body = RequestBodies.transaction(acks, pushes, ids, requiredLeases, consumerGroup);
        Request req = transport.request().url(transactionUrl).post(body).build();
        return transport.execute(req, transactionSpec, (status, b) -> {
            JsonNode n = jsonNode(status, b);
            String err = errorOf(n);
            boolean ok = n.path("success").asBoolean(false) && err == null;
            return new TransactionResult(status, ok, ok ? null : (err != null ? err : "success=false"),
                    textOrNull(n.get("transactionId")), ids);
        });
    }

    /** {@code POST /api/v1/lease/{id}/extend} with {@code {"seconds":N}} ({@code {}} when seconds &lt;= 0). */
    public LeaseExtendResult extendLease(String leaseId, int seconds) {
        HttpUrl u = base.newBuilder().addPathSegments("api/v1/lease").addPathSegment(leaseId)
                .addPathSegment("extend").build();
        Request req = transport.request().url(u).post(RequestBodies.leaseExtend(seconds)).build();
        return transport.execute(req, spec("lease extend failed: "), (status, b) -> {
            JsonNode n = jsonNode(status, b);
            if (n.has("data") && n.get("data").isArray()) n = n.get("data").path(0);
            String err = errorOf(n);
            boolean ok = n.path("success").asBoolean(true) && err == null && !n.isMissingNode();
            String at = textOrNull(n.has("expiresAt") ? n.get("expiresAt") : n.get("newExpiresAt"));
            return new LeaseExtendResult(status, ok, at, ok ? null : (err != null ? err : "success=false"));
        });
    }

    /** {@code DELETE /api/v1/resources/queues/{q}}; the body's {@code deleted} when present, else true. */
    public boolean deleteQueue(String queue) {
        HttpUrl u = base.newBuilder().addPathSegments("api/v1/resources/queues").addPathSegment(queue).build();
        Request req = transport.request().url(u).delete().build();
        return transport.execute(req, spec("delete queue failed: "),
                (status, b) -> jsonNode(status, b).path("deleted").asBoolean(true));
    }

    /** {@code GET /health}; when that answers 404 (the proxy) {@code GET /healthz}. */
    public JsonNode health() {
        try {
            return transport.execute(transport.request().url(url("health")).get().build(),
                    spec("health check failed: "), QueenClient::jsonNode);
        } catch (QueenException e) {
            if (e.status() != 404) throw e;
            return transport.execute(transport.request().url(url("healthz")).get().build(),
                    spec("health check failed: "), QueenClient::jsonNode);
        }
    }

    /**
     * {@code GET /api/v1/messages/{partitionId}/{transactionId}}: the broker's record of one message (loss
     * attribution). "Not found" and "route not served" are answers ({@link MessageLookup.Outcome}), in both
     * generations' shapes; a transport failure or another error status is a {@link QueenException}.
     */
    public MessageLookup lookupMessage(String partitionId, String transactionId) {
        HttpUrl u = base.newBuilder().addPathSegments("api/v1/messages").addPathSegment(partitionId)
                .addPathSegment(transactionId).build();
        Request req = transport.request().url(u).get().build();
        try {
            return transport.execute(req, spec("message lookup failed: "),
                    (status, b) -> MessageLookupDecoder.decode(status, b.bytes()));
        } catch (QueenException e) {
            MessageLookup answered = MessageLookupDecoder.fromError(e);
            if (answered == null) throw e;
            return answered;
        }
    }

    /**
     * A {@link PushLoop} sending this client's pushes ({@link PushLoop#eligible}: the http1 engine, one attempt):
     * it warms up with the client ({@link #warmUp} dials up to {@code dialAhead} of its sockets first), is cancelled by
     * {@link #cancelAll()} and closed by {@link #close()}. {@code clock} drives its pacer.
     */
    public <T> PushLoop<T> pushLoop(java.util.function.LongSupplier clock, int dialAhead, PushLoop.Listener<T> listener)
            throws java.io.IOException {
        PushLoop<T> l = new PushLoop<>(cfg, base, pushUrl, pushSpec.errorPrefix(), stats, clock, dialAhead, listener);
        loops.add(l);
        return l;
    }

    /** Aborts every in-flight call and retry delay (run shutdown); calls made afterwards run normally. */
    public void cancelAll() {
        transport.cancelAll();
        for (PushLoop<?> l : loops) l.cancelAll();
    }

    /** Cancels in-flight calls and releases pooled connections. */
    @Override
    public void close() {
        for (PushLoop<?> l : loops) l.close();
        transport.close();
    }

    private Transport.CallSpec spec(String prefix) {
        return new Transport.CallSpec(prefix, cfg.timeoutMillis(), false, true);
    }

    /** The URL of {@code path} under the base (the rare calls build theirs per call). */
    private HttpUrl url(String path) {
        return base.newBuilder().addPathSegments(path).build();
    }

    /**
     * The reference's generic decoding: empty ⇒ {}, object ⇒ itself, array ⇒ {"data":[…]}, anything else
     * (HTML, text, broken JSON) ⇒ {"raw": text}. Only for the small non-hot-path answers.
     */
    static JsonNode jsonNode(int status, Transport.Body body) throws IOException {
        byte[] bytes = body.bytes();
        ObjectNode wrapper = JsonNodeFactory.instance.objectNode();
        if (bytes.length == 0) return wrapper;
        try {
            JsonNode n = RequestBodies.MAPPER.readTree(bytes);
            if (n == null || n.isMissingNode()) return wrapper;
            if (n.isObject()) return n;
            if (n.isArray()) return wrapper.set("data", n);
        } catch (IOException notJson) {
            // fall through to raw
        }
        return wrapper.put("raw", new String(bytes, StandardCharsets.UTF_8));
    }

    private static String errorOf(JsonNode n) {
        JsonNode e = n.get("error");
        if (e == null || e.isNull()) return null;
        String s = e.isTextual() ? e.asText() : e.toString();
        return s.isEmpty() ? null : s;
    }

    private static String textOrNull(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }
}
