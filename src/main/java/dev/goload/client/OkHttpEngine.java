package dev.goload.client;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Call;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * The OkHttp side of a {@link Transport}: sharded clients configured so that OkHttp adds no behaviour of its own
 * (no silent retries, no redirects, no call timeout, no 503 follow-up), and the one re-send both engines make when
 * a pooled keep-alive socket turns out to have been closed by the peer ({@link StaleSocket}).
 *
 * <p>Thread-safe.
 */
final class OkHttpEngine {
    /**
     * Independent OkHttp clients (each its own connection pool and dispatcher), one per calling thread. OkHttp
     * finds a pooled connection by scanning its pool's list and its dispatcher tracks running calls in one deque,
     * both linear in the connections/calls of that pool: once a stall has opened a thousand connections, every
     * call paid for the whole list (JFR: 28% of push CPU in callAcquirePooledConnection), and the loader never
     * caught up again. Shards divide that by {@link #SHARDS}.
     */
    static final int SHARDS = 16;

    /** OkHttp-internal name under which a 503's {@code Retry-After} is kept, see {@link #hideRetryAfterOn503}. */
    static final String HIDDEN_RETRY_AFTER = "X-Goload-Retry-After";

    private final OkHttpClient[] shards = new OkHttpClient[SHARDS];
    /** Carries the one re-send after a stale pooled socket: it keeps no idle connection, so each call connects. */
    private final OkHttpClient fresh;

    /** {@code connections} counts every socket the shards and the re-send client connect and close. */
    OkHttpEngine(ClientConfig cfg, ConnectionTally connections) {
        OkHttpClient base = null;
        for (int i = 0; i < SHARDS; i++) {
            Dispatcher dispatcher = new Dispatcher();
            // The reference has no client-side cap on concurrent requests; neither do we.
            dispatcher.setMaxRequests(1 << 20);
            dispatcher.setMaxRequestsPerHost(1 << 20);
            // The idle-connection allowance is split over the shards (at least one each); OkHttp's pool evicts
            // after the client's idle timeout like the HTTP/1.1 engine (0 = no limit: a day).
            ConnectionPool pool = new ConnectionPool(Math.max(1, (cfg.idleConns() + SHARDS - 1) / SHARDS),
                    cfg.idleTimeoutMillis() > 0 ? cfg.idleTimeoutMillis() : TimeUnit.DAYS.toMillis(1),
                    TimeUnit.MILLISECONDS);
            shards[i] = base == null ? build(dispatcher, pool, connections)
                    : base.newBuilder().dispatcher(dispatcher).connectionPool(pool).build();
            if (base == null) base = shards[i];
        }
        this.fresh = base.newBuilder().connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS)).build();
    }

    private static OkHttpClient build(Dispatcher dispatcher, ConnectionPool pool, ConnectionTally connections) {
        return new OkHttpClient.Builder()
                .dispatcher(dispatcher)
                .connectionPool(pool)
                .protocols(List.of(Protocol.HTTP_1_1))
                .socketFactory(new NoDelaySocketFactory(connections))
                .connectTimeout(Duration.ofSeconds(30))
                // Only the per-call deadline bounds a call: a long-poll legitimately sends nothing for its timeout.
                .readTimeout(Duration.ZERO)
                .writeTimeout(Duration.ZERO)
                // No OkHttp call timeout: CallDeadlines enforces each call's deadline far more cheaply.
                // No silent retry: OkHttp would also re-send after failures on fresh sockets; see OkHttpSocketProbe.
                .retryOnConnectionFailure(false)
                .eventListenerFactory(OkHttpSocketProbe.FACTORY)
                .followRedirects(false)
                .followSslRedirects(false)
                .addNetworkInterceptor(OkHttpEngine::hideRetryAfterOn503)
                .build();
    }

    /**
     * OkHttp silently re-sends a request answered 503 with {@code Retry-After: 0} even with
     * {@code retryOnConnectionFailure(false)}; renaming the header below its follow-up logic keeps the policy here.
     */
    private static Response hideRetryAfterOn503(okhttp3.Interceptor.Chain chain) throws IOException {
        Response r = chain.proceed(chain.request());
        String ra = r.header("Retry-After");
        if (r.code() != 503 || ra == null) return r;
        return r.newBuilder().removeHeader("Retry-After").header(HIDDEN_RETRY_AFTER, ra).build();
    }

    /**
     * A call on the calling thread's shard. Load tasks are virtual threads with consecutive ids, so their calls
     * spread over the shards as evenly as random picks would; and the calls of one thread share one pool, so a
     * caller's next call can reuse its last connection (a random pick made keep-alive behaviour untestable).
     */
    Call newCall(Request request) {
        return shards[(int) Long.remainderUnsigned(Thread.currentThread().threadId(), SHARDS)].newCall(request);
    }

    /**
     * Executes {@code call}, a call of {@code probed} (a request carrying its {@link OkHttpSocketProbe}), and once
     * more on a fresh connection when its pooled one was stale; the re-send replaces the call in {@code call} so
     * the deadline cancels whichever is running.
     */
    Response execute(AtomicReference<Call> call, Request probed, CompletableFuture<Void> signal, ClientStats stats)
            throws IOException {
        Call first = call.get();
        try {
            return first.execute();
        } catch (IOException e) {
            if (!OkHttpSocketProbe.of(probed).resendable(e, probed) || first.isCanceled() || signal.isDone()) throw e;
            stats.reconnect();
            Call again = fresh.newCall(probed.newBuilder().tag(OkHttpSocketProbe.class, null).build());
            call.set(again);
            // a deadline or cancelAll that fired while the second call was being set up
            if (first.isCanceled() || signal.isDone()) again.cancel();
            return again.execute();
        }
    }

    /** Aborts every call in flight (the re-send client shares the first shard's dispatcher). */
    void cancelAll() {
        for (OkHttpClient h : shards) h.dispatcher().cancelAll();
    }

    void close() {
        fresh.connectionPool().evictAll();
        for (OkHttpClient h : shards) {
            h.dispatcher().executorService().shutdown();
            h.connectionPool().evictAll();
        }
    }
}
