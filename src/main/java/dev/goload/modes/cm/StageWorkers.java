package dev.goload.modes.cm;

import dev.goload.client.AckItem;
import dev.goload.client.AckResult;
import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.client.PushItem;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.modes.consume.AckTally;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.BatchHandler;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.ConsumerPolicy;
import dev.goload.modes.consume.ConsumerPool;
import dev.goload.modes.consume.Lifetime;
import dev.goload.modes.consume.PopCall;
import dev.goload.modes.consume.RunTally;
import dev.goload.modes.consume.SweepPops;
import dev.goload.pace.NanoClock;
import dev.goload.verify.CmStage;
import dev.goload.shard.Shard;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The consumers of one {@code cm} stage (goload-behavior.md §2.6): pop with a lease, simulate the work (every
 * message's sleep concurrently under the stage's executor cap), then either push the derived messages downstream
 * (intermediate stages; one batched push per partition, seq order, stable ids) or record the end-to-end latency
 * (final stages), write the {@code prop,seq} log lines, and ack the batch {@code completed} asynchronously under the
 * shared ack cap. A batch interrupted by shutdown is neither emitted nor acked (it redelivers whole); a partition
 * whose derived push failed is not acked either, so its lease expires and it redelivers.
 *
 * <p>Targeted variant: worker w owns partitions {w, w+W, …} and sweeps them with non-waiting partition pops,
 * processing non-empty batches asynchronously; wildcard variant: pops the queue (optionally long-polling,
 * multi-partition) and processes inline.
 *
 * <p>Threading: one virtual thread per pop worker, per in-work batch, per work sleep and per ack.
 */
public final class StageWorkers {
    /** One stage's wiring. {@code outQueue} null ⇒ final stage. */
    public record Spec(int index, CmStage stage, String outQueue, int sleepMin, int sleepMax, Semaphore executor,
                       boolean targeted, int workers, StageLog log, LongAdder derived) {}

    /** Shared collaborators. */
    public record Shared(QueenClient client, CmEvents events, StablePush pusher, CmCounters counters,
                         RunCounters run, RunSignal signal, EpochClock epoch, RunRecorders recorders, Semaphore ackSlots,
                         WarmTracker warm, AtomicInteger liveTasks, int properties, Shard owner, int popBatch, boolean popWait,
                         int popTimeoutMs, int popPartitions, int sweepFloorMs) {}

    /**
     * The policies (the reference is silent on the error pause: 5 ms as max): the sweep and a long-polling wildcard
     * pop again at once after an empty answer; a short-polling wildcard sleeps 2 ms (§2.6).
     */
    private static final ConsumerPolicy TARGETED = new ConsumerPolicy(5, 0, false);
    private static final ConsumerPolicy WILDCARD_SHORT_POLL = new ConsumerPolicy(5, 2, false);

    private final Shared sh;
    private final Lifetime life;
    private final ConsumerPool pool = new ConsumerPool();
    private final AtomicInteger busy = new AtomicInteger();
    /** Pops and acks in the run's common counters and recorders (the stages' acks add their own ackErr). */
    private final RunTally common;

    public StageWorkers(Shared shared) {
        this.sh = shared;
        this.life = Lifetime.of(shared.signal());
        this.common = new RunTally(shared.run(), shared.recorders());
    }

    public void start(Spec s) {
        int w = s.targeted() ? (int) Math.min(s.workers(), sh.owner().owned(sh.properties())) : s.workers();
        CmCounters.Stage st = sh.counters().stage(s.stage());
        Acks acks = Acks.async(msgs -> {
            List<AckItem> items = new ArrayList<>(msgs.size());
            for (Message m : msgs) items.add(AckItem.completed(m));
            return sh.client().ack(items, s.stage().group());
        }, new AckCounts(common, st), sh.ackSlots(), life, NanoClock.SYSTEM, sh.liveTasks());
        for (int i = 0; i < w; i++) {
            ConsumerLoop loop = s.targeted() ? targeted(s, acks, i, w) : wildcard(s, acks);
            pool.start("cm-" + s.stage().label() + "-" + i, loop);
        }
    }

    /** Sweeps the owned partitions; a non-empty batch is processed on its own task while the sweep goes on. */
    private ConsumerLoop targeted(Spec s, Acks acks, int worker, int stride) {
        PopRequest base = PopRequest.of(s.stage().queue()).withBatch(sh.popBatch()).withConsumerGroup(s.stage().group())
                .withAutoAck(false).withCaptureData(true);
        // the owned partitions' requests, built once: the sweep re-pops every one of them several times a second
        List<PopRequest> owned = new ArrayList<>();
        // only the partitions of this shard's properties (all of them unsharded): the k-th owned one is owner.item(k)
        long mine = sh.owner().owned(sh.properties());
        for (long k = worker; k < mine; k += stride) owned.add(base.withPartition("p" + sh.owner().item(k)));
        AtomicBoolean[] inWork = new AtomicBoolean[owned.size()];
        for (int i = 0; i < inWork.length; i++) inWork[i] = new AtomicBoolean();
        SweepPops sweep = new SweepPops(owned, sh.client()::pop, i -> inWork[i].get(), sh.sweepFloorMs(), life,
                NanoClock.SYSTEM);
        return loop(TARGETED, sweep, (msgs, popNs, popMicros) -> {
            sh.run().popped.add(msgs.size());
            AtomicBoolean flag = inWork[sweep.current()];
            flag.set(true);
            busy.incrementAndGet(); // before the task starts, so await() cannot miss it
            Thread.ofVirtual().start(() -> process(s, acks, msgs, () -> flag.set(false)));
            return true;
        });
    }

    /** Pops the queue (optionally long-polling, multi-partition) and processes each batch inline. */
    private ConsumerLoop wildcard(Spec s, Acks acks) {
        PopRequest req = PopRequest.of(s.stage().queue()).withBatch(sh.popBatch()).withConsumerGroup(s.stage().group())
                .withAutoAck(false).withCaptureData(true)
                .withPartitions(sh.popPartitions() > 1 ? sh.popPartitions() : 0)
                .withLongPoll(sh.popWait()).withTimeoutMs(sh.popWait() ? sh.popTimeoutMs() : 0);
        ConsumerPolicy policy = sh.popWait() ? TARGETED : WILDCARD_SHORT_POLL;
        return loop(policy, () -> sh.client().pop(req), (msgs, popNs, popMicros) -> {
            sh.run().popped.add(msgs.size());
            busy.incrementAndGet();
            process(s, acks, msgs, () -> {});
            return true;
        });
    }

    private ConsumerLoop loop(ConsumerPolicy policy, PopCall pop, BatchHandler handler) {
        return new ConsumerLoop(policy, life, pop, common, handler, sh.epoch()::epochNanos, sh.liveTasks(),
                sh.run().backoff);
    }

    /**
     * Work → emit/log → async ack; {@code released} runs once the batch no longer holds its partition. The caller
     * has counted the batch in {@code busy}; this method uncounts it.
     */
    private void process(Spec s, Acks acks, List<Message> msgs, Runnable released) {
        sh.liveTasks().incrementAndGet();
        boolean handedToAck = false;
        try {
            if (!work(s, msgs.size())) return;
            List<Message> ack = new ArrayList<>(msgs.size());
            Map<String, Part> byPartition = new LinkedHashMap<>();
            for (Message m : msgs) {
                sh.events().learnPartition(s.stage().queue(), m.partition(), m.partitionId());
                CmEvents.Event e = CmEvents.decode(m.data());
                if (e == null) {
                    sh.counters().undecodable.increment();
                    ack.add(m);
                } else {
                    byPartition.computeIfAbsent(m.partitionId(), k -> new Part()).add(m, e);
                }
            }
            if (s.outQueue() == null) {
                long nowMicros = sh.epoch().epochNanos() / 1000;
                for (Part part : byPartition.values()) {
                    for (CmEvents.Event e : part.events) {
                        if (e.tsMicros() > 0 && nowMicros - e.tsMicros() > 0) sh.recorders().e2e.record(nowMicros - e.tsMicros());
                        apply(s, e);
                    }
                    ack.addAll(part.msgs);
                }
            } else if (byPartition.size() == 1) {
                Part part = byPartition.values().iterator().next();
                if (emit(s, part)) ack.addAll(part.msgs);
            } else {
                List<Thread> tasks = new ArrayList<>();
                List<Message> okAll = java.util.Collections.synchronizedList(new ArrayList<>());
                for (Part part : byPartition.values()) {
                    tasks.add(Thread.ofVirtual().start(() -> {
                        if (emit(s, part)) okAll.addAll(part.msgs);
                    }));
                }
                for (Thread t : tasks) t.join();
                ack.addAll(okAll);
            }
            if (!ack.isEmpty()) {
                handedToAck = acks.ack(ack, released);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (!handedToAck) released.run();
            busy.decrementAndGet();
            sh.liveTasks().decrementAndGet();
        }
    }

    /** One partition's share of a batch: its messages and their events, decoded once, in pop order. */
    private static final class Part {
        final List<Message> msgs = new ArrayList<>();
        final List<CmEvents.Event> events = new ArrayList<>();

        void add(Message m, CmEvents.Event e) {
            msgs.add(m);
            events.add(e);
        }
    }

    /** One partition's derived push, then its log lines; false when the push did not go through. */
    private boolean emit(Spec s, Part part) {
        List<PushItem> items = new ArrayList<>(part.events.size());
        for (CmEvents.Event e : part.events) {
            items.add(new PushItem(s.outQueue(), "p" + e.prop(), sh.events().derived(s.stage().flow(), e),
                    sh.events().transactionId(s.outQueue(), e.prop(), e.seq()), null));
        }
        StablePush.Outcome o = sh.pusher().pushNow(items, 0);
        if (o != StablePush.Outcome.OK) {
            sh.counters().pushErr.add(items.size());
            if (o == StablePush.Outcome.GAVE_UP) sh.counters().pushGaveUp.add(items.size());
            return false;
        }
        s.derived().add(items.size());
        for (CmEvents.Event e : part.events) apply(s, e);
        return true;
    }

    private void apply(Spec s, CmEvents.Event e) {
        s.log().append(e.prop(), e.seq());
        sh.counters().stage(s.stage()).processed.increment();
        if (e.seq() == 0) sh.warm().mark(s.index(), e.prop());
    }

    /** The work sleeps of a batch, concurrently under the executor cap; false when the run stopped meanwhile. */
    private boolean work(Spec s, int n) throws InterruptedException {
        if (s.sleepMax() <= 0) return !sh.signal().isStopping();
        CountDownLatch done = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            Thread.ofVirtual().start(() -> {
                try {
                    while (!s.executor().tryAcquire(50, TimeUnit.MILLISECONDS)) {
                        if (sh.signal().isStopping()) return;
                    }
                    try {
                        int ms = s.sleepMin() == s.sleepMax() ? s.sleepMax()
                                : ThreadLocalRandom.current().nextInt(s.sleepMin(), s.sleepMax() + 1);
                        sh.signal().pause(ms);
                    } finally {
                        s.executor().release();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
            });
        }
        done.await();
        return !sh.signal().isStopping();
    }

    /** cm's ack vocabulary: the common one ({@link RunTally}), and ackErr = N − successes per stage as well. */
    private record AckCounts(RunTally common, CmCounters.Stage st) implements AckTally {
        @Override
        public void answered(int size, AckResult r, long micros) {
            common.answered(size, r, micros);
            if (size != r.succeeded()) st.ackErr.add(size - r.succeeded());
        }

        @Override
        public void failed(int size, QueenException e, long micros) {
            common.failed(size, e, micros);
            st.ackErr.add(size);
        }

        @Override
        public void canceled(int size, long micros) {
            common.canceled(size, micros);
        }

        @Override
        public void unbuildable(int size, RuntimeException e) {
            common.unbuildable(size, e);
            st.ackErr.add(size);
        }
    }

    /** Waits for the pop loops and then for batches in work, up to {@code millis} in total; true if all ended. */
    public boolean await(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        if (!pool.await(millis)) return false;
        while (busy.get() > 0) {
            if (System.nanoTime() > deadline) return false;
            Thread.sleep(5);
        }
        return true;
    }
}
