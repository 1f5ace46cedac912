package dev.goload.broker;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Map;

/**
 * Maps method and path to a route, turns {@link BadRequest} into 400 and anything unexpected into 500, and writes
 * the reply. Paths not served answer 404, like Queen. Thread-safe; called concurrently on virtual threads.
 */
final class Router implements HttpHandler {
    static final String TENANT_HEADER = "x-queen-tenant";
    static final String DEFAULT_TENANT = "";
    private static final byte[] NO_BODY = new byte[0];
    /** Above this declared length the body is read as it arrives rather than allocated up front. */
    private static final int PREALLOCATE_MAX = 16 << 20;

    private final Registry registry;
    private final PushRoute push;
    private final PopRoute pop;
    private final AckRoute ack;
    private final TransactionRoute transaction;
    private final ConfigureRoute configure;
    private final LeaseRoute lease;
    private final AdminRoute admin;
    private final MessagesRoute messages;

    Router(Registry registry) {
        this.registry = registry;
        this.push = new PushRoute(registry);
        this.pop = new PopRoute(registry);
        this.ack = new AckRoute(registry);
        this.transaction = new TransactionRoute(registry, push);
        this.configure = new ConfigureRoute(registry);
        this.lease = new LeaseRoute(registry);
        this.admin = new AdminRoute(registry);
        this.messages = new MessagesRoute(registry);
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] body = body(ex);
            String tenant = DEFAULT_TENANT;
            if (registry.options.tenancyHeader()) {
                String h = ex.getRequestHeaders().getFirst(TENANT_HEADER);
                if (h != null && !h.isBlank()) {
                    tenant = h.trim();
                }
            }
            Request r = new Request(ex.getRequestMethod(), ex.getRequestURI().getRawPath(),
                    ex.getRequestURI().getRawQuery(), tenant, body);
            send(ex, dispatch(r));
        }
    }

    /**
     * The whole request body. A declared length is read into one exactly sized array: {@code readAllBytes()}
     * starts with a 16 KiB buffer on every call, which for the bodiless pops that dominate an embedded run was
     * almost half of the process's allocation. The JDK server has already rejected a malformed or conflicting
     * Content-Length; no Content-Length and no Transfer-Encoding means an empty body, as the server reads it.
     */
    static byte[] body(HttpExchange ex) throws IOException {
        InputStream in = ex.getRequestBody();
        Headers h = ex.getRequestHeaders();
        String length = h.getFirst("Content-Length");
        if (length == null) {
            return h.containsKey("Transfer-Encoding") ? in.readAllBytes() : NO_BODY;
        }
        long n = Long.parseLong(length.trim());
        if (n == 0) {
            return NO_BODY;
        }
        if (n > PREALLOCATE_MAX) {
            return in.readAllBytes();
        }
        byte[] b = new byte[(int) n];
        int got = in.readNBytes(b, 0, b.length);
        return got == b.length ? b : Arrays.copyOf(b, got);
    }

    /** Routes one request and turns every failure into an error reply; the proxy front calls this directly. */
    Reply dispatch(Request r) {
        try {
            return route(r);
        } catch (BadRequest e) {
            return Reply.error(400, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reply.error(503, "broker shutting down");
        } catch (RuntimeException | IOException e) {
            return Reply.error(500, "internal error: " + e);
        }
    }

    private Reply route(Request r) throws IOException, InterruptedException {
        String[] s = r.path().split("/");
        String m = r.method();
        // s[0] is "" because paths start with '/'
        if (s.length >= 3 && s[1].equals("api") && s[2].equals("v1")) {
            return api(r, m, s);
        }
        String path = r.path();
        if (m.equals("GET")) {
            switch (path) {
                case "/health", "/healthz" -> {
                    return admin.health();
                }
                case "/metrics" -> {
                    return admin.metrics();
                }
                case "/metrics/prometheus" -> {
                    return admin.prometheus();
                }
                case "/status" -> {
                    return admin.status();
                }
                default -> {
                }
            }
        }
        return notFound();
    }

    private Reply api(Request r, String m, String[] s) throws IOException, InterruptedException {
        int n = s.length;
        String op = n > 3 ? s[3] : "";
        if (m.equals("POST")) {
            if (n == 4 && op.equals("push")) {
                return delayed(push.handle(r));
            }
            if (n == 4 && op.equals("ack")) {
                return delayed(ackAnswer(ack.single(r)));
            }
            if (n == 5 && op.equals("ack") && s[4].equals("batch")) {
                return delayed(ackAnswer(ack.batch(r)));
            }
            if (n == 4 && op.equals("transaction")) {
                return delayed(ackAnswer(transaction.handle(r)));
            }
            if (n == 4 && op.equals("configure")) {
                return configure.handle(r);
            }
            if (n == 6 && op.equals("lease") && s[5].equals("extend")) {
                return lease.extend(r, Request.decodeSegment(s[4]));
            }
        } else if (m.equals("GET")) {
            if (op.equals("pop") && n >= 6 && s[4].equals("queue")) {
                if (n == 6) {
                    return delayed(pop.handle(r, Request.decodeSegment(s[5]), null));
                }
                if (n == 8 && s[6].equals("partition")) {
                    return delayed(pop.handle(r, Request.decodeSegment(s[5]), Request.decodeSegment(s[7])));
                }
            }
            if (n == 6 && op.equals("messages")) {
                return messages.lookup(r.tenant(), Request.decodeSegment(s[4]), Request.decodeSegment(s[5]));
            }
            if (n == 4 && op.equals("status")) {
                return admin.status();
            }
            if (n == 4 && op.equals("dlq")) {
                Map<String, String> q = r.query();
                return admin.deadLetters(r.tenant(), q.get("queue"));
            }
        } else if (m.equals("DELETE")) {
            if (n == 6 && op.equals("resources") && s[4].equals("queues")) {
                return admin.deleteQueue(r.tenant(), Request.decodeSegment(s[5]));
            }
        }
        return notFound();
    }

    /** Adds the configured artificial service time (tests use it to make the broker slow). */
    private Reply delayed(Reply reply) throws InterruptedException {
        int d = registry.options.responseDelayMillis();
        if (d > 0) {
            Thread.sleep(d);
        }
        return reply;
    }

    /** The test-only {@link AckAnswerDelay}: the ack is applied, its answer held back. */
    private Reply ackAnswer(Reply reply) throws InterruptedException {
        registry.ackAnswerDelay.beforeAnswer();
        return reply;
    }

    private static Reply notFound() {
        return Reply.error(404, "Not found");
    }

    static void send(HttpExchange ex, Reply reply) throws IOException {
        byte[] body = reply.body();
        if (body == null) {
            ex.sendResponseHeaders(reply.status(), -1);
            return;
        }
        int n = reply.length();
        boolean text = n > 0 && body[0] != '{' && body[0] != '[';
        ex.getResponseHeaders().set("Content-Type", text ? "text/plain; version=0.0.4" : "application/json");
        ex.sendResponseHeaders(reply.status(), n);
        try (OutputStream os = ex.getResponseBody()) {
            os.write(body, 0, n);
        }
    }
}
