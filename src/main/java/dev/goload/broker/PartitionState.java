package dev.goload.broker;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One partition of a queue: its retained messages, the transactionId dedup index and one {@link GroupCursor} per
 * consumer group known to the queue.
 *
 * <p>Retention: a message is dropped (and its transactionId forgotten, so it may be pushed again) once every
 * consumer group known to the queue has consumed it <em>and</em> it is older than {@link #RETAIN_CONSUMED_MILLIS};
 * queue mode ({@code __QUEUE_MODE__}) counts as a group once it has popped. A queue nobody has popped from retains
 * everything. The grace period lets a group whose first pop comes a moment after another group's (consumers
 * starting up) still see the history, while memory stays bounded by about rate x grace.
 *
 * <p>Thread-safety: every mutation happens under {@link #lock}. Lock order: queue structure lock, then partition
 * lock, then the queue's wait lock; a thread holds at most one partition lock except in transactions, which take
 * them in {@link #id} order.
 */
final class PartitionState {
    final QueueState queue;
    final String name;
    final String id;
    final ReentrantLock lock = new ReentrantLock();
    private final MessageRing ring = new MessageRing();
    private final Map<String, StoredMessage> byTransactionId = new HashMap<>();
    /** Written under the lock; concurrent map only so {@link #mayHaveWork} can read it without the lock. */
    private final Map<String, GroupCursor> cursors = new ConcurrentHashMap<>();
    private volatile long tailSeq;

    /** How long a message every known group has consumed stays retained (late-joining groups still see it). */
    static final long RETAIN_CONSUMED_MILLIS = 5_000;

    PartitionState(QueueState queue, String name, String id) {
        this.queue = queue;
        this.name = name;
        this.id = id;
    }

    /** Stores a message unless its transactionId is retained already; returns the stored or the original one. */
    StoredMessage push(String transactionId, String traceId, byte[] payload, String createdAt, long nowMillis,
            boolean[] duplicate) {
        lock.lock();
        try {
            StoredMessage existing = byTransactionId.get(transactionId);
            if (existing != null) {
                duplicate[0] = true;
                return existing;
            }
            long seq = ring.tailSeq();
            StoredMessage m = new StoredMessage(seq, Ids.uuidV7(nowMillis), transactionId, traceId, payload,
                    createdAt, nowMillis);
            ring.append(m);
            byTransactionId.put(transactionId, m);
            tailSeq = seq + 1;
            if ((seq & 63) == 0) {
                trim(nowMillis); // consumed messages past their grace leave even if nobody acks here again
            }
            duplicate[0] = false;
            return m;
        } finally {
            lock.unlock();
        }
    }

    /** Cheap lock-free hint for wildcard pops: false only if this group surely has nothing to take here. */
    boolean mayHaveWork(String group, long nowMillis) {
        GroupCursor c = cursors.get(group);
        if (c == null) {
            return tailSeq > 0;
        }
        Lease l = c.lease;
        if (l != null && l.isLive(nowMillis)) {
            return false;
        }
        return tailSeq > c.position;
    }

    /** Result of {@link #claim} when the group's lease on this partition is held by another popper. */
    static final int LEASE_HELD = -1;

    /**
     * Delivers up to {@code budget} messages to {@code group}. With a lease the partition stays claimed until all
     * delivered messages are acked; with {@code lease == null} (autoAck) the cursor moves at once.
     *
     * @return number of messages appended to {@code out}, or {@link #LEASE_HELD}
     */
    int claim(String group, int budget, Lease lease, long nowMillis, List<Delivery> out) {
        lock.lock();
        try {
            GroupCursor c = cursor(group);
            expireIfDue(c, nowMillis);
            if (c.lease != null) {
                return LEASE_HELD;
            }
            c.skipResolvedHead();
            long seq = c.position;
            long tail = ring.tailSeq();
            int n = 0;
            BrokerFaults faults = queue.registry.faults;
            while (n < budget && seq < tail) {
                if (!c.isResolved(seq)) {
                    if (seq >= c.pendingEnd && faults.skipThisDelivery()) {
                        c.markAcked(seq); // TEST ONLY: the cursor will pass it, nobody receives it
                        seq++;
                        continue;
                    }
                    out.add(new Delivery(ring.get(seq), c.retryCountFor(seq), c.lastError, this));
                    ring.markDelivered(seq, c.bit);
                    if (lease == null) {
                        ring.markAcked(seq, c.bit); // autoAck: consumed on delivery
                    }
                    n++;
                }
                seq++;
            }
            if (n == 0) {
                c.skipResolvedHead(); // messages the test-only skip switch passed: the cursor is past them now
                return 0;
            }
            if (lease == null) {
                c.advanceTo(seq);
                trim(nowMillis);
            } else {
                c.lease = lease;
                c.leaseEnd = seq;
                c.delivered = n;
                c.resolved = 0;
                if (lease.holders.getAndIncrement() == 0) {
                    queue.registry.leases.put(lease.id, lease);
                }
            }
            return n;
        } finally {
            lock.unlock();
        }
    }

    /** Applies one ack; see {@link AckStatus} for the lease and redelivery rules. */
    AckOutcome ack(String group, String transactionId, String leaseId, AckStatus status, String error,
            long nowMillis) {
        lock.lock();
        try {
            return ackLocked(group, transactionId, leaseId, status, error, nowMillis);
        } finally {
            lock.unlock();
        }
    }

    /** Checks what {@link #ackLocked} would answer without changing anything; null = it would succeed. */
    String precheckLocked(String group, String transactionId, String leaseId, long nowMillis) {
        if (byTransactionId.get(transactionId) == null) {
            return AckOutcome.NOT_FOUND;
        }
        GroupCursor c = cursors.get(group);
        if (leaseId != null) {
            if (c == null) {
                return AckOutcome.INVALID_LEASE;
            }
            Lease l = c.lease;
            if (l == null || !l.isLive(nowMillis) || !l.id.equals(leaseId)) {
                return AckOutcome.INVALID_LEASE;
            }
        }
        return null;
    }

    AckOutcome ackLocked(String group, String transactionId, String leaseId, AckStatus status, String error,
            long nowMillis) {
        StoredMessage m = byTransactionId.get(transactionId);
        if (m == null) {
            return AckOutcome.notFound();
        }
        GroupCursor c = cursors.get(group);
        if (c == null) {
            return fail(leaseId != null ? AckOutcome.INVALID_LEASE : AckOutcome.NOT_FOUND);
        }
        expireIfDue(c, nowMillis);
        Lease l = c.lease;
        if (leaseId != null && (l == null || !l.id.equals(leaseId))) {
            if (status == AckStatus.FAILED && leaseId.equals(c.failedLeaseId)) {
                // A second failed item of a batch a failed ack already released (one ack/batch call carrying
                // several failures): the whole batch is being redelivered; count no further retry.
                return ok(false, false);
            }
            return fail(AckOutcome.INVALID_LEASE);
        }
        long seq = m.seq();
        if (seq < c.position) {
            return ok(false, false); // consumed already: acks are idempotent
        }
        if (l == null || seq >= c.leaseEnd) {
            if (leaseId != null) {
                return fail(AckOutcome.INVALID_LEASE);
            }
            // No lease covers it (Queen applies lease-less acks unchecked): settle it ahead of its redelivery.
            if (seq < c.pendingEnd && l == null) {
                if (status == AckStatus.COMPLETED) {
                    c.markAcked(seq);
                    ring.markAcked(seq, c.bit);
                    c.skipResolvedHead();
                    trim(nowMillis);
                } else if (status == AckStatus.DLQ) {
                    deadLetter(c, m, error);
                    c.skipResolvedHead();
                    trim(nowMillis);
                    return ok(false, true);
                }
            }
            return ok(false, false);
        }
        return switch (status) {
            case COMPLETED -> {
                resolve(c, seq);
                yield ok(releaseIfDone(c, nowMillis), false);
            }
            case DLQ -> {
                deadLetter(c, m, error);
                yield ok(releaseIfDone(c, nowMillis), true);
            }
            case FAILED -> {
                if (c.retryCount >= queue.config().retryLimit()) {
                    deadLetter(c, m, error);
                    yield ok(releaseIfDone(c, nowMillis), true);
                }
                c.retryCount++;
                c.lastError = error;
                c.failedLeaseId = l.id;
                c.pendingEnd = Math.max(c.pendingEnd, c.leaseEnd);
                c.clearAcks(); // Queen redelivers the whole batch after a failed ack
                releaseLease(c);
                yield ok(true, false);
            }
            case RETRY -> {
                c.pendingEnd = Math.max(c.pendingEnd, c.leaseEnd);
                releaseLease(c);
                yield ok(true, false);
            }
        };
    }

    /** Moves every group past the retained history (subscriptionMode=new) or adds a group at the head. */
    void addCursor(String group, boolean atTail) {
        lock.lock();
        try {
            cursors.computeIfAbsent(group,
                    g -> new GroupCursor(g, atTail ? ring.tailSeq() : ring.baseSeq(), cursors.size()));
        } finally {
            lock.unlock();
        }
    }

    /**
     * What this partition knows about the message with {@code transactionId} (the message look-up route), or null
     * when it is not retained: never stored, or dropped after every group consumed it (as a real broker's
     * retention removes it).
     */
    MessageView lookup(String transactionId, long nowMillis) {
        lock.lock();
        try {
            StoredMessage m = byTransactionId.get(transactionId);
            if (m == null) {
                return null;
            }
            long seq = m.seq();
            long delivered = ring.deliveredMask(seq);
            long acked = ring.ackedMask(seq);
            java.util.List<MessageView.Group> groups = new java.util.ArrayList<>(cursors.size());
            for (GroupCursor c : cursors.values()) {
                Lease l = c.lease;
                boolean leased = l != null && l.isLive(nowMillis) && seq >= c.position && seq < c.leaseEnd
                        && !c.isResolved(seq);
                Boolean wasDelivered = c.bit == 0 ? null : (delivered & c.bit) != 0;
                Boolean wasAcked = c.bit == 0 ? null : (acked & c.bit) != 0;
                groups.add(new MessageView.Group(c.group, seq < c.position, wasDelivered, wasAcked,
                        leased ? l.expiresAtMillis() : -1, seq >= c.position ? c.retryCountFor(seq) : 0));
            }
            return new MessageView(m, this, groups);
        } finally {
            lock.unlock();
        }
    }

    int retained() {
        lock.lock();
        try {
            return ring.size();
        } finally {
            lock.unlock();
        }
    }

    private GroupCursor cursor(String group) {
        GroupCursor c = cursors.get(group);
        if (c == null) {
            c = new GroupCursor(group, ring.baseSeq(), cursors.size());
            cursors.put(group, c);
        }
        return c;
    }

    private void resolve(GroupCursor c, long seq) {
        if (!c.isResolved(seq)) {
            c.markAcked(seq);
            c.resolved++;
        }
        ring.markAcked(seq, c.bit);
    }

    private void deadLetter(GroupCursor c, StoredMessage m, String error) {
        boolean inLease = c.lease != null && m.seq() < c.leaseEnd;
        if (!c.isResolved(m.seq()) && inLease) {
            c.resolved++;
        }
        c.markDead(m.seq());
        queue.deadLetter(new DeadLetter(m, name, c.group, error, c.retryCount));
    }

    private boolean releaseIfDone(GroupCursor c, long nowMillis) {
        if (c.resolved < c.delivered) {
            return false;
        }
        releaseLease(c);
        c.advanceTo(c.leaseEnd);
        trim(nowMillis);
        return true;
    }

    private void expireIfDue(GroupCursor c, long nowMillis) {
        Lease l = c.lease;
        if (l != null && !l.isLive(nowMillis)) {
            c.retryCount++;
            c.pendingEnd = Math.max(c.pendingEnd, c.leaseEnd);
            releaseLease(c);
            queue.registry.counters.leaseExpiries.increment();
        }
    }

    private void releaseLease(GroupCursor c) {
        Lease l = c.lease;
        c.lease = null;
        c.delivered = 0;
        c.resolved = 0;
        if (l != null && l.holders.decrementAndGet() == 0) {
            queue.registry.leases.remove(l.id, l);
        }
        if (ring.tailSeq() > c.position) {
            queue.wakeGroup(c.group);
        }
    }

    /** Drops the messages every known group has consumed, once their grace period is over. */
    private void trim(long nowMillis) {
        long min = Long.MAX_VALUE;
        for (GroupCursor c : cursors.values()) {
            min = Math.min(min, c.position);
        }
        if (min != Long.MAX_VALUE && min > ring.baseSeq()) {
            ring.dropBelow(min, nowMillis - RETAIN_CONSUMED_MILLIS,
                    m -> byTransactionId.remove(m.transactionId(), m));
        }
    }

    private AckOutcome ok(boolean released, boolean dlq) {
        return new AckOutcome(true, null, released, dlq, queue.name, name);
    }

    private AckOutcome fail(String error) {
        return new AckOutcome(false, error, false, false, queue.name, name);
    }
}
