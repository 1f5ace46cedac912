package dev.goload.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import okhttp3.Call;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * The reference SDK's request loop (outer 5xx/network retries, inner 429 retries, error mapping, cancellation)
 * over two HTTP engines: {@link Http1Engine} for plain-http calls to the base host when {@link HttpEngine#HTTP1}
 * is chosen, sharded OkHttp clients for everything else. Both report failures, deadlines and bodies through the
 * same code, so a call's outcome does not depend on the engine. Thread-safe; every call blocks its (virtual) thread.
 *
 * <p>OkHttp's own silent retries are switched off ({@code retryOnConnectionFailure(false)}, no redirects), so the
 * only repeated requests are the ones the configured policies ask for, and {@link ClientStats#requests()} counts
 * every one of them, plus one kind both engines make the same way: a request whose reused keep-alive socket the
 * peer had closed before answering is sent once more on a fresh socket ({@link StaleSocket}), counted in
 * {@link ClientStats#reconnects()}, never as an error or a retry.
 */
final class Transport implements AutoCloseable {
    /** Decodes a 2xx answer; JSON errors become {@link ErrorKind#DECODE}, other IOExceptions transport errors. */
    interface Decoder<T> {
        T decode(int status, Body body) throws IOException;
    }

    /**
     * A 2xx answer's body, read once: as an array of its own ({@link #bytes}), without a copy ({@link #array} and
     * {@link #length}), or as a JSON parser (streaming where the engine streams).
     */
    interface Body {
        /** The whole body in an array of its own: the caller may keep it. */
        byte[] bytes() throws IOException;

        /**
         * The whole body as {@code array()[0, length())}, without a copy: the array may be a pooled buffer longer
         * than the body, which the next answer overwrites once the decoder has returned, so a decoder keeps no
         * reference to it (it copies what it keeps) and reads nothing at or beyond {@link #length}.
         */
        byte[] array() throws IOException;

        /** The body's length in {@link #array} (call {@link #array} first). */
        int length() throws IOException;

        JsonParser json() throws IOException;
    }

    /** A body already read whole into an array of its own ({@link PushLoop}, tests). */
    record ArrayBody(byte[] bytes) implements Body {
        @Override
        public byte[] array() {
            return bytes;
        }

        @Override
        public int length() {
            return bytes.length;
        }

        @Override
        public JsonParser json() throws IOException {
            return JSON.createParser(bytes);
        }
    }

    /**
     * A body in {@code array[0, length)} of a pooled buffer ({@link Http1Engine}), given back once the decoder has
     * returned: {@link #bytes} copies.
     */
    record PooledBody(byte[] array, int length) implements Body {
        @Override
        public byte[] bytes() {
            return Arrays.copyOf(array, length);
        }

        @Override
        public JsonParser json() throws IOException {
            return JSON.createParser(array, 0, length);
        }
    }

    /** OkHttp's body, streamed from the socket as the decoder reads it (or read whole once for {@link #array}). */
    private static final class OkHttpBody implements Body {
        private final ResponseBody body;
        private byte[] read;

        OkHttpBody(ResponseBody body) {
            this.body = body;
        }

        @Override
        public byte[] bytes() throws IOException {
            return array();
        }

        @Override
        public byte[] array() throws IOException {
            if (read == null) read = body.bytes();
            return read;
        }

        @Override
        public int length() throws IOException {
            return array().length;
        }

        @Override
        public JsonParser json() throws IOException {
            return JSON.createParser(body.byteStream());
        }
    }

    /** How one logical call may be retried. */
    record CallSpec(String errorPrefix, int timeoutMillis, boolean longPoll, boolean retryTimeouts) {
    }

    /**
     * One shared pool of parser buffers, not Jackson's default of one set per thread: with a virtual thread per
     * consumer (10,000 in {@code -mode tenants}) the per-thread sets held about 10 KB each, live for the whole run.
     */
    static final JsonFactory JSON = JsonFactory.builder()
            .recyclerPool(com.fasterxml.jackson.core.util.JsonRecyclerPools.sharedConcurrentDequePool()).build();

    /**
     * Everything else: HTTPS, a proxy, other hosts, or {@link HttpEngine#OKHTTP} chosen. Created by the first call
     * that needs it: a client whose calls all take {@link #http1} never builds its 17 OkHttp clients nor the
     * platform's trust store (~1 MB of certificates), which the first OkHttp client would load.
     */
    private volatile OkHttpEngine okhttp;
    /** Plain-http calls to the base host when {@link HttpEngine#HTTP1} is chosen and no proxy applies; else null. */
    private final Http1Engine http1;
    private final ClientConfig cfg;
    private final Headers commonHeaders;
    private final ClientStats stats;
    private volatile CompletableFuture<Void> cancelSignal = new CompletableFuture<>();

    Transport(ClientConfig cfg, ClientStats stats) {
        this.cfg = cfg;
        this.stats = stats;
        this.commonHeaders = headers(cfg);
        this.http1 = effective(cfg) == HttpEngine.HTTP1
                ? new Http1Engine(HttpUrl.get(cfg.baseUrl()), commonHeaders, cfg.idleConns(), cfg.idleTimeoutMillis(),
                        stats)
                : null;
    }

    /** The engine a client with {@code cfg} uses for its base URL: OkHttp for HTTPS or through a proxy. */
    static HttpEngine effective(ClientConfig cfg) {
        HttpUrl url = HttpUrl.parse(cfg.baseUrl());
        return url != null && cfg.httpEngine() == HttpEngine.HTTP1 && !url.isHttps() && direct(url)
                ? HttpEngine.HTTP1 : HttpEngine.OKHTTP;
    }

    /** {@link Http1Engine#warmUp}; -1 when the base URL goes through OkHttp (which cannot dial ahead). */
    int warmUp(int connections) throws IOException {
        return http1 == null ? -1 : http1.warmUp(connections);
    }

    /** The engine that carries calls to the base URL (OkHttp for HTTPS or through a proxy). */
    HttpEngine engine() {
        return http1 != null ? HttpEngine.HTTP1 : HttpEngine.OKHTTP;
    }

    /** No proxy configured for {@code url} (OkHttp would consult the same selector). */
    private static boolean direct(HttpUrl url) {
        ProxySelector ps = ProxySelector.getDefault();
        if (ps == null) return true;
        try {
            return ps.select(url.uri()).stream().allMatch(p -> p.type() == Proxy.Type.DIRECT);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The headers of every request a client with {@code cfg} sends (also the {@link PushLoop}'s). */
    static Headers headers(ClientConfig cfg) {
        Headers.Builder h = new Headers.Builder()
                .add("Content-Type", "application/json")
                .add("Accept", "application/json");
        if (cfg.bearerToken() != null && !cfg.bearerToken().isEmpty()) {
            h.add("Authorization", "Bearer " + cfg.bearerToken());
        }
        // OkHttp keeps a caller-supplied Host (BridgeInterceptor only fills it in when absent).
        if (cfg.hostHeader() != null && !cfg.hostHeader().isEmpty()) h.set("Host", cfg.hostHeader());
        if (cfg.tenantId() != null && !cfg.tenantId().isEmpty()) h.set("x-queen-tenant", cfg.tenantId());
        for (Map.Entry<String, String> e : cfg.extraHeaders().entrySet()) h.set(e.getKey(), e.getValue());
        return h.build();
    }

    Request.Builder request() {
        return new Request.Builder().headers(commonHeaders);
    }

    /** Runs one logical call with the configured retry policies; always throws {@link QueenException} on failure. */
    <T> T execute(Request request, CallSpec spec, Decoder<T> decoder) {
        CompletableFuture<Void> signal = cancelSignal;
        int[] sent = {0};
        RetryPolicy retry = cfg.retry();
        QueenException last = null;
        try {
            for (int attempt = 0; attempt < retry.attempts(); attempt++) {
                if (attempt > 0) {
                    stats.retry();
                    sleep(retry.delayMillis(attempt - 1), signal, request);
                }
                try {
                    return with429(request, spec, decoder, signal, sent);
                } catch (QueenException e) {
                    if (!retryable(e, spec)) throw e.afterAttempts(sent[0], false).wrap(spec.errorPrefix());
                    last = e;
                }
            }
            throw last.afterAttempts(sent[0], retry.attempts() > 1).wrap(spec.errorPrefix());
        } catch (QueenException e) {
            stats.failed(e);
            throw e;
        }
    }

    private <T> T with429(Request request, CallSpec spec, Decoder<T> decoder, CompletableFuture<Void> signal,
                          int[] sent) {
        int limit = cfg.retry429().limitFor(spec.longPoll());
        for (int n = 1; ; n++) {
            sent[0]++;
            try {
                return once(request, spec, decoder, signal);
            } catch (QueenException e) {
                if (e.status() != 429 || (limit != 0 && n >= limit)) throw e;
                stats.retry429();
                sleep(Retry429Policy.delayMillis(n - 1, e.retryAfterSeconds(), Retry429Policy.jitter()), signal, request);
            }
        }
    }

    private static boolean retryable(QueenException e, CallSpec spec) {
        if (e.status() >= 500) return true;
        if (e.status() != 0) return false;
        return switch (e.kind()) {
            case CONN, OTHER -> true;
            case TIMEOUT -> spec.retryTimeouts();
            default -> false;
        };
    }

    private <T> T once(Request request, CallSpec spec, Decoder<T> decoder, CompletableFuture<Void> signal) {
        if (signal.isDone() || Thread.currentThread().isInterrupted()) throw canceled(request, "canceled");
        return http1 != null && http1.serves(request.url())
                ? onceHttp1(request, spec, decoder, signal)
                : onceOkHttp(request, spec, decoder, signal);
    }

    private <T> T onceHttp1(Request request, CallSpec spec, Decoder<T> decoder, CompletableFuture<Void> signal) {
        Http1Engine.Exchange exchange = http1.exchange(spec.longPoll());
        CallDeadlines.Entry deadline = CallDeadlines.register(exchange, spec.timeoutMillis());
        try {
            stats.request();
            Http1Engine.Response response;
            try {
                response = exchange.execute(request, signal::isDone);
            } catch (IOException e) {
                throw transportError(exchange.canceled(), e, signal, request, deadline.timedOut());
            }
            stats.answer();
            try {
                int code = response.code();
                if (code < 200 || code > 299) {
                    throw httpError(code, response.body(), response.length(), response.retryAfter());
                }
                return decode(code, new PooledBody(response.body(), response.length()), decoder, request, signal,
                        deadline::timedOut, exchange::canceled);
            } finally {
                http1.recycle(response); // after the decoder: nothing it returned refers to the body's array
            }
        } finally {
            CallDeadlines.done(deadline);
        }
    }

    private <T> T onceOkHttp(Request request, CallSpec spec, Decoder<T> decoder, CompletableFuture<Void> signal) {
        Request probed = OkHttpSocketProbe.probed(request);
        OkHttpEngine okhttp = okhttp();
        AtomicReference<Call> call = new AtomicReference<>(okhttp.newCall(probed));
        CallDeadlines.Entry deadline = CallDeadlines.register(() -> call.get().cancel(), spec.timeoutMillis());
        try {
            stats.request();
            Response response;
            try {
                response = okhttp.execute(call, probed, signal, stats);
            } catch (IOException e) {
                throw transportError(call.get().isCanceled(), e, signal, request, deadline.timedOut());
            }
            stats.answer();
            try (response) {
                int code = response.code();
                if (code < 200 || code > 299) throw httpError(response);
                Call c = call.get();
                return decode(code, new OkHttpBody(response.body()), decoder, request, signal, deadline::timedOut,
                        c::isCanceled);
            }
        } finally {
            CallDeadlines.done(deadline);
        }
    }

    /**
     * Runs the decoder; malformed JSON is {@link ErrorKind#DECODE}, a broken stream a transport error. Shared with
     * the {@link PushLoop}, so a call's failure does not depend on the path that carried it.
     */
    static <T> T decode(int code, Body body, Decoder<T> decoder, Request request, CompletableFuture<Void> signal,
                        BooleanSupplier timedOut, BooleanSupplier callCanceled) {
        try {
            return decoder.decode(code, body);
        } catch (JsonProcessingException e) {
            if (timedOut.getAsBoolean()) throw transportError(callCanceled.getAsBoolean(), e, signal, request, true);
            throw QueenException.of(ErrorKind.DECODE, code, "decode " + what(request) + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw transportError(callCanceled.getAsBoolean(), e, signal, request, timedOut.getAsBoolean());
        } catch (RuntimeException e) {
            if (e instanceof QueenException q) throw q;
            throw QueenException.of(ErrorKind.DECODE, code, "decode " + what(request) + ": " + e, e);
        }
    }

    /** The failure a call cut by {@code e} reports (both engines and the {@link PushLoop}). */
    static QueenException transportError(boolean callCanceled, IOException e, CompletableFuture<Void> signal,
                                                 Request request, boolean deadlinePassed) {
        boolean timedOut = deadlinePassed || e instanceof SocketTimeoutException
                || (e instanceof InterruptedIOException && "timeout".equals(e.getMessage()));
        String detail = deadlinePassed ? "timeout" : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (!timedOut && (callCanceled || signal.isDone() || Thread.currentThread().isInterrupted()
                || e instanceof InterruptedIOException)) {
            return canceled(request, detail);
        }
        ErrorKind kind = timedOut ? ErrorKind.TIMEOUT : QueenException.classify(e);
        if (kind == ErrorKind.CANCELED) kind = ErrorKind.OTHER;
        return QueenException.of(kind, 0, what(request) + ": " + detail, e);
    }

    private static QueenException canceled(Request request, String detail) {
        return QueenException.of(ErrorKind.CANCELED, 0, what(request) + ": canceled (" + detail + ")", null);
    }

    private static String what(Request request) {
        return request.method() + " " + request.url().encodedPath();
    }

    private static QueenException httpError(Response response) {
        String text = "";
        try {
            text = response.peekBody(QueenException.MAX_BODY_CHARS).string();
        } catch (IOException ignored) {
            // The status alone still classifies the failure; a body we cannot read is reported as "".
        }
        return httpError(response.code(), text, response.header("Retry-After", response.header(OkHttpEngine.HIDDEN_RETRY_AFTER)));
    }

    /** A non-2xx answer read whole ({@link PushLoop}). */
    static QueenException httpError(int code, byte[] body, String retryAfterHeader) {
        return httpError(code, body, body.length, retryAfterHeader);
    }

    /** A non-2xx answer read whole into {@code body[0, length)} ({@link Http1Engine}). */
    private static QueenException httpError(int code, byte[] body, int length, String retryAfterHeader) {
        // the first MAX_BODY_CHARS bytes as UTF-8, as OkHttp's peekBody(MAX_BODY_CHARS).string() reads them
        String text = new String(body, 0, Math.min(length, QueenException.MAX_BODY_CHARS), StandardCharsets.UTF_8);
        return httpError(code, text, retryAfterHeader);
    }

    /** A non-2xx answer, whichever engine read it: its proxy {@code code} and {@code Retry-After} kept. */
    private static QueenException httpError(int code, String text, String retryAfterHeader) {
        return QueenException.http(code, codeOf(text), retryAfter(retryAfterHeader), text);
    }

    /** The top-level {@code "code"} string of a JSON error body, "" when absent or not JSON. */
    static String codeOf(String body) {
        if (body.isEmpty() || body.charAt(0) != '{') return "";
        try (JsonParser p = JSON.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return "";
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if ("code".equals(name) && v == JsonToken.VALUE_STRING) return p.getText();
                p.skipChildren();
            }
        } catch (IOException ignored) {
            // truncated or not JSON: no code
        }
        return "";
    }

    static double retryAfter(String header) {
        if (header == null) return Double.NaN;
        try {
            double v = Double.parseDouble(header.strip());
            return v >= 0 && Double.isFinite(v) ? v : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN; // an HTTP-date: the reference treats it as absent
        }
    }

    private static void sleep(long millis, CompletableFuture<Void> signal, Request request) {
        if (signal.isDone()) throw canceled(request, "canceled during retry delay");
        if (millis <= 0) return;
        try {
            signal.get(millis, TimeUnit.MILLISECONDS);
            throw canceled(request, "canceled during retry delay");
        } catch (TimeoutException e) {
            // slept the full delay
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw canceled(request, "interrupted during retry delay");
        } catch (ExecutionException e) {
            throw canceled(request, "canceled during retry delay");
        }
    }

    /** Aborts every in-flight call and retry delay; calls started afterwards run normally. */
    void cancelAll() {
        CompletableFuture<Void> old = cancelSignal;
        cancelSignal = new CompletableFuture<>();
        old.complete(null);
        if (http1 != null) http1.cancelAll();
        OkHttpEngine o = okhttp;
        if (o != null) o.cancelAll();
    }

    private OkHttpEngine okhttp() {
        OkHttpEngine o = okhttp;
        if (o != null) return o;
        synchronized (this) {
            if (okhttp == null) okhttp = new OkHttpEngine(cfg, stats.connections());
            return okhttp;
        }
    }

    /** Whether a call has needed OkHttp yet (tests). */
    boolean okHttpBuilt() {
        return okhttp != null;
    }

    @Override
    public void close() {
        cancelAll();
        if (http1 != null) http1.close();
        OkHttpEngine o;
        synchronized (this) { // not racing a first OkHttp call's creation
            o = okhttp;
        }
        if (o != null) o.close();
    }
}
