package dev.goload.broker;

import java.util.concurrent.atomic.LongAdder;

/** The proxy personality's live counters. Thread-safe (LongAdders); {@link #snapshot()} is not atomic across fields. */
final class ProxyCounters {
    final LongAdder requests = new LongAdder();
    final LongAdder unknownCluster = new LongAdder();
    final LongAdder unauthorized = new LongAdder();
    final LongAdder keyMismatch = new LongAdder();
    final LongAdder blocked = new LongAdder();
    final LongAdder wouldBlock = new LongAdder();
    final LongAdder forwarded = new LongAdder();
    final LongAdder misrouted = new LongAdder();
    final LongAdder parkedNow = new LongAdder();

    ProxyStats snapshot() {
        return new ProxyStats(requests.sum(), unknownCluster.sum(), unauthorized.sum(), keyMismatch.sum(),
                blocked.sum(), wouldBlock.sum(), forwarded.sum(), misrouted.sum(),
                parkedNow.sum());
    }
}
