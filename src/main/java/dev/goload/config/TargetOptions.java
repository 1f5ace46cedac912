package dev.goload.config;

/**
 * Where requests go and how the one Queen client behaves: shared by every mode.
 *
 * @param url              broker (or proxy) base URL
 * @param token            Bearer token, or "" (never printed: see {@link #toString()})
 * @param hostHeader       Host header override (proxy cluster routing), or ""
 * @param timeoutMillis    request timeout
 * @param idleConns        idle keep-alive connections kept per host
 * @param retries          reference {@code -retries} semantics for 5xx/network errors (≤ 0: exactly one attempt)
 * @param retry429Attempts total attempts on HTTP 429 (1: surface every 429 at once)
 * @param popAutopilot     pop wire shape: {@code off} (legacy) or {@code on} (autopilot-era SDK)
 * @param idleTimeoutMillis {@code -idle-timeout}: pooled sockets idle this long are not reused (0: no limit;
 *                         negative: the client's default)
 */
public record TargetOptions(String url, String token, String hostHeader, int timeoutMillis, int idleConns,
                            int retries, int retry429Attempts, String popAutopilot, int idleTimeoutMillis) {

    /** Without {@code -idle-timeout}: the client's default idle timeout. */
    public TargetOptions(String url, String token, String hostHeader, int timeoutMillis, int idleConns,
                         int retries, int retry429Attempts, String popAutopilot) {
        this(url, token, hostHeader, timeoutMillis, idleConns, retries, retry429Attempts, popAutopilot, -1);
    }

    @Override
    public String toString() {
        return "TargetOptions[url=" + url + ", token=" + (token.isEmpty() ? "" : "***") + ", hostHeader=" + hostHeader
                + ", timeoutMillis=" + timeoutMillis + ", idleConns=" + idleConns + ", retries=" + retries
                + ", retry429Attempts=" + retry429Attempts + ", popAutopilot=" + popAutopilot
                + ", idleTimeoutMillis=" + idleTimeoutMillis + "]";
    }
}
