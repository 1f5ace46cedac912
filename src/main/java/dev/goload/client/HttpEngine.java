package dev.goload.client;

import java.util.Locale;

/**
 * Which HTTP implementation carries a {@link QueenClient}'s requests to a plain-{@code http://} broker.
 *
 * <p>{@link #HTTP1} (the default) is goload's own HTTP/1.1 exchange ({@link Http1Engine}): keep-alive sockets in
 * a LIFO pool, the request written with one socket write, the answer read straight into one array. On the
 * 2-core bench machine OkHttp's per-call machinery (interceptor chain, route planning, pool bookkeeping and the
 * pool's cleanup thread woken on every release) cost about as much CPU as everything else the loader does per
 * push (docs/benchmarks-history.md, 2026-11-29). {@link #OKHTTP} sends everything through OkHttp. HTTPS, a
 * configured proxy and any URL outside the client's base host always go through OkHttp, whatever is chosen here.
 *
 * <p>Chosen per process with the environment variable {@value #ENV} ({@code http1} or {@code okhttp}); the run
 * records name the engine that was used.
 */
public enum HttpEngine {
    HTTP1("http1"),
    OKHTTP("okhttp");

    public static final String ENV = "GOLOAD_HTTP_CLIENT";

    private final String label;

    HttpEngine(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** {@code http1} or {@code okhttp} (case-insensitive); anything else is an IllegalArgumentException. */
    public static HttpEngine parse(String s) {
        String v = s == null ? "" : s.strip().toLowerCase(Locale.ROOT);
        for (HttpEngine e : values()) {
            if (e.label.equals(v)) return e;
        }
        throw new IllegalArgumentException(ENV + "=" + s + ": must be http1 or okhttp");
    }

    /** The engine named by {@value #ENV}, {@link #HTTP1} when it is unset or empty. */
    public static HttpEngine fromEnvironment() {
        String v = System.getenv(ENV);
        return v == null || v.isBlank() ? HTTP1 : parse(v);
    }
}
