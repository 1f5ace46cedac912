package dev.goload.broker;

import java.util.concurrent.atomic.LongAdder;

/** Live broker counters. Thread-safe: every field is a {@link LongAdder}, so hot paths never contend on one word. */
final class Counters {
    final LongAdder pushes = new LongAdder();
    final LongAdder pushedMessages = new LongAdder();
    final LongAdder duplicates = new LongAdder();
    final LongAdder failedItems = new LongAdder();
    final LongAdder pops = new LongAdder();
    final LongAdder emptyPops = new LongAdder();
    final LongAdder poppedMessages = new LongAdder();
    final LongAdder acks = new LongAdder();
    final LongAdder failedAcks = new LongAdder();
    final LongAdder deadLettered = new LongAdder();
    final LongAdder leaseExpiries = new LongAdder();
    final LongAdder transactions = new LongAdder();
    /** A gauge, not a monotonic count: long-poll pops parked right now (waiting for a push or their timeout). */
    final LongAdder parkedPops = new LongAdder();

    BrokerStats snapshot() {
        return new BrokerStats(pushes.sum(), pushedMessages.sum(), duplicates.sum(), failedItems.sum(), pops.sum(),
                emptyPops.sum(), poppedMessages.sum(), acks.sum(), failedAcks.sum(), deadLettered.sum(),
                leaseExpiries.sum(), transactions.sum(), parkedPops.sum());
    }
}
