package dev.goload.broker;

/**
 * A point-in-time copy of the broker's counters (monotonic since start, except the {@code parkedPops} gauge).
 *
 * @param pushes          push requests (including pushes inside transactions)
 * @param pushedMessages  items stored as new messages ({@code queued})
 * @param duplicates      items answered {@code duplicate}
 * @param failedItems     push items answered {@code failed} (non-UUID traceId)
 * @param pops            pop requests
 * @param emptyPops       pops answered 204
 * @param poppedMessages  messages delivered by pops (redeliveries count again)
 * @param acks            ack items processed (single, batch and transactional)
 * @param failedAcks      ack items answered {@code success:false}
 * @param deadLettered    messages moved to the dead-letter list
 * @param leaseExpiries   leases that expired before being fully acked
 * @param transactions    transaction requests
 * @param parkedPops      long-poll pops parked at this instant: they found nothing and wait for a push (a test
 *                        can tell "the long-poll reached the broker and waits" from "it never arrived")
 */
public record BrokerStats(long pushes, long pushedMessages, long duplicates, long failedItems, long pops,
        long emptyPops, long poppedMessages, long acks, long failedAcks, long deadLettered, long leaseExpiries,
        long transactions, long parkedPops) {
}
