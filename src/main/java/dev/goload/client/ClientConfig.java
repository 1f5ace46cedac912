package dev.goload.client;

import java.util.Map;
import java.util.Objects;

/**
 * Immutable configuration of one {@link QueenClient}. {@link #toString()} never shows the bearer token nor the
 * values of extra headers (they may carry credentials).
 *
 * @param baseUrl       broker or proxy URL, e.g. {@code http://127.0.0.1:6632} (a path prefix is kept)
 * @param bearerToken   sent as {@code Authorization: Bearer <token>} when non-null and non-empty
 * @param hostHeader    overrides the request's {@code Host} (the proxy routes by its first label) when set
 * @param tenantId      sent as {@code x-queen-tenant} when set (direct-to-broker tenancy, generation B)
 * @param extraHeaders  added to every request, never null
 * @param timeoutMillis per-attempt deadline for non-pop calls (the reference's {@code TimeoutMillis})
 * @param idleConns     idle keep-alive connections kept in the pool (the reference's {@code MaxIdleConnsPerHost})
 * @param retry         outer 5xx/network retry loop
 * @param retry429      inner 429 loop
 * @param popAutopilot  pop wire shape
 * @param httpEngine    which HTTP implementation carries plain-http calls (null: {@link HttpEngine#fromEnvironment()})
 * @param idleTimeoutMillis a keep-alive socket idle this long is closed, not reused ({@code -idle-timeout}); it must
 *                      be below the server's own idle timeout (uWebSockets: 10 s). {@code < 0}: the default
 *                      {@value #DEFAULT_IDLE_TIMEOUT_MILLIS} ms; 0: no limit
 */
public record ClientConfig(String baseUrl, String bearerToken, String hostHeader, String tenantId,
                           Map<String, String> extraHeaders, int timeoutMillis, int idleConns, RetryPolicy retry,
                           Retry429Policy retry429, PopAutopilot popAutopilot, HttpEngine httpEngine,
                           int idleTimeoutMillis) {

    public static final int DEFAULT_TIMEOUT_MILLIS = 30_000;
    public static final int DEFAULT_IDLE_CONNS = 256;
    public static final int DEFAULT_IDLE_TIMEOUT_MILLIS = 5_000;

    public ClientConfig {
        Objects.requireNonNull(baseUrl, "baseUrl");
        extraHeaders = extraHeaders == null ? Map.of() : Map.copyOf(extraHeaders);
        if (timeoutMillis <= 0) timeoutMillis = DEFAULT_TIMEOUT_MILLIS;
        if (idleConns <= 0) idleConns = DEFAULT_IDLE_CONNS;
        retry = retry == null ? RetryPolicy.NONE : retry;
        retry429 = retry429 == null ? Retry429Policy.NONE : retry429;
        popAutopilot = popAutopilot == null ? PopAutopilot.OFF : popAutopilot;
        httpEngine = httpEngine == null ? HttpEngine.fromEnvironment() : httpEngine;
        if (idleTimeoutMillis < 0) idleTimeoutMillis = DEFAULT_IDLE_TIMEOUT_MILLIS;
    }

    /** No token/host/tenant, timeout 30000 ms, 256 idle connections idle at most 5 s, no retries, autopilot OFF, engine from the environment. */
    public static ClientConfig of(String baseUrl) {
        return new ClientConfig(baseUrl, null, null, null, Map.of(), DEFAULT_TIMEOUT_MILLIS, DEFAULT_IDLE_CONNS,
                RetryPolicy.NONE, Retry429Policy.NONE, PopAutopilot.OFF, null, DEFAULT_IDLE_TIMEOUT_MILLIS);
    }

    public ClientConfig withBaseUrl(String v) {
        return new ClientConfig(v, bearerToken, hostHeader, tenantId, extraHeaders, timeoutMillis, idleConns, retry, retry429, popAutopilot, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withBearerToken(String v) {
        return new ClientConfig(baseUrl, v, hostHeader, tenantId, extraHeaders, timeoutMillis, idleConns, retry, retry429, popAutopilot, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withHostHeader(String v) {
        return new ClientConfig(baseUrl, bearerToken, v, tenantId, extraHeaders, timeoutMillis, idleConns, retry, retry429, popAutopilot, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withTenantId(String v) {
        return new ClientConfig(baseUrl, bearerToken, hostHeader, v, extraHeaders, timeoutMillis, idleConns, retry, retry429, popAutopilot, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withExtraHeaders(Map<String, String> v) {
        return new ClientConfig(baseUrl, bearerToken, hostHeader, tenantId, v, timeoutMillis, idleConns, retry, retry429, popAutopilot, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withTimeoutMillis(int v) {
        return new ClientConfig(baseUrl, bearerToken, hostHeader, tenantId, extraHeaders, v, idleConns, retry, retry429, popAutopilot, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withIdleConns(int v) {
        return new ClientConfig(baseUrl, bearerToken, hostHeader, tenantId, extraHeaders, timeoutMillis, v, retry, retry429, popAutopilot, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withRetry(RetryPolicy v) {
        return new ClientConfig(baseUrl, bearerToken, hostHeader, tenantId, extraHeaders, timeoutMillis, idleConns, v, retry429, popAutopilot, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withRetry429(Retry429Policy v) {
        return new ClientConfig(baseUrl, bearerToken, hostHeader, tenantId, extraHeaders, timeoutMillis, idleConns, retry, v, popAutopilot, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withPopAutopilot(PopAutopilot v) {
        return new ClientConfig(baseUrl, bearerToken, hostHeader, tenantId, extraHeaders, timeoutMillis, idleConns, retry, retry429, v, httpEngine, idleTimeoutMillis);
    }

    public ClientConfig withHttpEngine(HttpEngine v) {
        return new ClientConfig(baseUrl, bearerToken, hostHeader, tenantId, extraHeaders, timeoutMillis, idleConns, retry, retry429, popAutopilot, v, idleTimeoutMillis);
    }

    public ClientConfig withIdleTimeoutMillis(int v) {
        return new ClientConfig(baseUrl, bearerToken, hostHeader, tenantId, extraHeaders, timeoutMillis, idleConns, retry, retry429, popAutopilot, httpEngine, v);
    }

    @Override
    public String toString() {
        return "ClientConfig[baseUrl=" + baseUrl
                + ", bearerToken=" + (bearerToken == null || bearerToken.isEmpty() ? "<none>" : "****")
                + ", hostHeader=" + hostHeader + ", tenantId=" + tenantId
                + ", extraHeaders=" + extraHeaders.keySet() + " (values masked)"
                + ", timeoutMillis=" + timeoutMillis + ", idleConns=" + idleConns + ", retry=" + retry
                + ", retry429=" + retry429 + ", popAutopilot=" + popAutopilot + ", httpEngine=" + httpEngine.label()
                + ", idleTimeoutMillis=" + idleTimeoutMillis + "]";
    }
}
