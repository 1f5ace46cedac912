package dev.goload.broker;

/**
 * Counters of the proxy personality since start (all zero when the broker runs without it).
 *
 * @param requests         requests that reached routing (health checks excluded)
 * @param unknownCluster   421 {@code cluster_unknown}
 * @param unauthorized     401 {@code unauthorized} (no, malformed or unknown key)
 * @param keyMismatch      403 key/cluster mismatch
 * @param blocked          403/429 answered by an enforcing proxy
 * @param wouldBlock       the same decisions in shadow mode (forwarded anyway)
 * @param forwarded        requests handed to the broker
 * @param misrouted        pops deliberately served from another tenant's rows that delivered messages (test switch)
 * @param parkedNow        long-poll pops currently holding a parked slot (a gauge; counted only for tenants
 *                         with a parked-pop limit)
 */
public record ProxyStats(long requests, long unknownCluster, long unauthorized, long keyMismatch, long blocked,
        long wouldBlock, long forwarded, long misrouted, long parkedNow) {
    public static final ProxyStats NONE = new ProxyStats(0, 0, 0, 0, 0, 0, 0, 0, 0);
}
