package dev.goload.broker;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One queue of one tenant: its configuration, partitions (created lazily by push), the consumer groups that have
 * popped from it, parked long-poll waiters, and its dead-letter list.
 *
 * <p>Thread-safety: partition lookups are lock-free; creating a partition or registering a group takes the
 * structure lock (then partition locks). Long-poll waiters park on a per-group condition of the wait lock and
 * re-check against {@link #version()}, which every wake-up bumps first, so a wake-up between a waiter's
 * attempt and its park is never lost.
 */
final class QueueState {
    static final String QUEUE_MODE = "__QUEUE_MODE__";
    private static final int DEAD_LETTERS_KEPT = 10_000;

    final Registry registry;
    final String tenant;
    final String name;
    private volatile QueueConfig config;
    volatile boolean deleted;
    private volatile boolean configured;

    private final ReentrantLock structureLock = new ReentrantLock();
    private final Map<String, PartitionState> byName = new ConcurrentHashMap<>();
    private volatile PartitionState[] partitions = new PartitionState[4];
    private volatile int partitionCount;
    private final Set<String> knownGroups = ConcurrentHashMap.newKeySet();
    private final AtomicInteger rotor = new AtomicInteger();

    private final ReentrantLock waitLock = new ReentrantLock();
    private final Map<String, Waiters> waiters = new HashMap<>();
    private volatile int waiting;
    private final AtomicLong version = new AtomicLong();

    private final ArrayDeque<DeadLetter> deadLetters = new ArrayDeque<>();

    private static final class Waiters {
        final Condition condition;
        int count;

        Waiters(Condition condition) {
            this.condition = condition;
        }
    }

    QueueState(Registry registry, String tenant, String name, QueueConfig config) {
        this.registry = registry;
        this.tenant = tenant;
        this.name = name;
        this.config = config;
    }

    QueueConfig config() {
        return config;
    }

    void configure(QueueConfig c) {
        config = c;
        configured = true;
    }

    /** Whether a push or configure created this queue (a pop alone only creates an invisible placeholder). */
    boolean materialized() {
        return configured || partitionCount > 0;
    }

    /** The partition with this name; creates it when {@code create}, otherwise may return null. */
    PartitionState partition(String partitionName, boolean create) {
        PartitionState p = byName.get(partitionName);
        if (p != null || !create) {
            return p;
        }
        structureLock.lock();
        try {
            p = byName.get(partitionName);
            if (p == null) {
                p = new PartitionState(this, partitionName, UUID.randomUUID().toString());
                for (String g : knownGroups) {
                    p.addCursor(g, false);
                }
                PartitionState[] arr = partitions;
                int n = partitionCount;
                if (n == arr.length) {
                    arr = java.util.Arrays.copyOf(arr, n * 2);
                }
                arr[n] = p;
                partitions = arr;
                partitionCount = n + 1; // published after the slot is filled
                registry.partitionsById.put(p.id, p);
                byName.put(partitionName, p);
            }
            return p;
        } finally {
            structureLock.unlock();
        }
    }

    /** Makes {@code group} known (its cursors start at the head, or at the tail for subscriptionMode=new). */
    void registerGroup(String group, boolean skipHistory) {
        if (knownGroups.contains(group)) {
            return;
        }
        structureLock.lock();
        try {
            if (knownGroups.add(group)) {
                int n = partitionCount;
                PartitionState[] arr = partitions;
                for (int i = 0; i < n; i++) {
                    arr[i].addCursor(group, skipHistory);
                }
            }
        } finally {
            structureLock.unlock();
        }
    }

    /** Snapshot of the partitions in creation order. */
    List<PartitionState> partitions() {
        int n = partitionCount;
        PartitionState[] arr = partitions;
        List<PartitionState> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(arr[i]);
        }
        return out;
    }

    int partitionCount() {
        return partitionCount;
    }

    /**
     * One pop attempt across the queue (wildcard): visits partitions in rotating order, skipping leased and idle
     * ones, until {@code maxPartitions} are claimed or the batch budget is spent.
     */
    Lease popWildcard(String group, int budget, int maxPartitions, boolean autoAck, long nowMillis,
            List<Delivery> out, List<PartitionState> claimed) {
        int n = partitionCount;
        PartitionState[] arr = partitions;
        if (n == 0) {
            return null;
        }
        int start = Math.floorMod(rotor.getAndIncrement(), n);
        Lease lease = null;
        int remaining = budget;
        for (int i = 0; i < n && remaining > 0 && claimed.size() < maxPartitions; i++) {
            PartitionState p = arr[(start + i) % n];
            if (!p.mayHaveWork(group, nowMillis)) {
                continue;
            }
            if (lease == null && !autoAck) {
                lease = newLease(nowMillis);
            }
            int got = p.claim(group, remaining, lease, nowMillis, out);
            if (got > 0) {
                claimed.add(p);
                remaining -= got;
            }
        }
        return lease;
    }

    Lease newLease(long nowMillis) {
        return new Lease(Ids.uuidV7(nowMillis), tenant, nowMillis + config.leaseSeconds() * 1000L);
    }

    long version() {
        return version.get();
    }

    /** Parks until a wake-up newer than {@code seenVersion}, the queue's deletion, or {@code maxNanos}. */
    void awaitChange(String group, long seenVersion, long maxNanos) throws InterruptedException {
        waitLock.lock();
        try {
            Waiters w = waiters.computeIfAbsent(group, g -> new Waiters(waitLock.newCondition()));
            w.count++;
            waiting++;
            try {
                long remaining = maxNanos;
                while (remaining > 0 && version.get() == seenVersion && !deleted) {
                    remaining = w.condition.awaitNanos(remaining);
                }
            } finally {
                w.count--;
                waiting--;
            }
        } finally {
            waitLock.unlock();
        }
    }

    /** After a push that touched {@code partitionsTouched} partitions: wakes that many waiters of every group. */
    void wakeAfterPush(int partitionsTouched) {
        version.incrementAndGet();
        if (waiting == 0) {
            return;
        }
        waitLock.lock();
        try {
            for (Waiters w : waiters.values()) {
                int k = Math.min(w.count, partitionsTouched);
                for (int i = 0; i < k; i++) {
                    w.condition.signal();
                }
            }
        } finally {
            waitLock.unlock();
        }
    }

    /** After a lease release left messages for {@code group}: wakes one of its waiters. */
    void wakeGroup(String group) {
        version.incrementAndGet();
        if (waiting == 0) {
            return;
        }
        waitLock.lock();
        try {
            Waiters w = waiters.get(group);
            if (w != null && w.count > 0) {
                w.condition.signal();
            }
        } finally {
            waitLock.unlock();
        }
    }

    void markDeleted() {
        deleted = true;
        version.incrementAndGet();
        waitLock.lock();
        try {
            for (Waiters w : waiters.values()) {
                w.condition.signalAll();
            }
        } finally {
            waitLock.unlock();
        }
    }

    void deadLetter(DeadLetter d) {
        registry.counters.deadLettered.increment();
        synchronized (deadLetters) {
            if (deadLetters.size() == DEAD_LETTERS_KEPT) {
                deadLetters.removeFirst();
            }
            deadLetters.addLast(d);
        }
    }

    List<DeadLetter> deadLetters() {
        synchronized (deadLetters) {
            return new ArrayList<>(deadLetters);
        }
    }
}
