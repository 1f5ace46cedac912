package dev.goload.modes.cm;

import dev.goload.client.PushItem;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.ShedReason;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The ingress of one {@code cm} flow: the pacer's {@link OpenLoopPacer.Sink} ({@code emit(sched)} of
 * goload-behavior.md §2.6) and the ordered pusher shards behind it.
 *
 * <p>For each due instant a property is picked uniformly, its next seq is reserved and the job is offered to shard
 * {@code prop mod shards} <em>without blocking</em>; a full shard sheds the event and consumes no seq, so shedding
 * never creates a gap. Each shard has one pusher draining its queue FIFO, so per-property push order is seq order
 * is broker arrival order. Pushes use stable transaction ids and bounded retries ({@link StablePush}).
 *
 * <p>Threading: {@link #launch}/{@link #shed} on the pacer thread only (the seq counters are confined to it);
 * one virtual thread per shard; {@link #highWater} readable from any thread.
 */
public final class OrderedPushers implements OpenLoopPacer.Sink {
    private record Job(int prop, long seq, long tsMicros, long scheduledNanos) {}

    private final char flow;
    private final String queue;
    private final CmEvents events;
    private final StablePush pusher;
    private final CmCounters counters;
    private final RunCounters run;
    private final LatencyRecorder lateness;
    private final RunSignal signal;
    private final EpochClock epoch;
    private final long[] seqCounter;
    private final AtomicLongArray highWater;
    private final List<ArrayBlockingQueue<Job>> shards = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final SplittableRandom random;
    private final java.util.concurrent.atomic.LongAdder produced;
    private final dev.goload.pace.InflightLimit ignoredLimit = new dev.goload.pace.InflightLimit(Integer.MAX_VALUE);

    public OrderedPushers(char flow, String queue, int properties, int shardCount, int shardCap, CmEvents events,
                          StablePush pusher, CmCounters counters, RunCounters run, LatencyRecorder lateness,
                          RunSignal signal, EpochClock epoch, long seed) {
        this.flow = flow;
        this.queue = queue;
        this.events = events;
        this.pusher = pusher;
        this.counters = counters;
        this.run = run;
        this.lateness = lateness;
        this.signal = signal;
        this.epoch = epoch;
        this.seqCounter = new long[properties];
        this.highWater = new AtomicLongArray(properties);
        this.random = new SplittableRandom(seed);
        this.produced = flow == 'A' ? counters.producedA : counters.producedB;
        for (int i = 0; i < shardCount; i++) shards.add(new ArrayBlockingQueue<>(shardCap));
    }

    public void start() {
        for (int i = 0; i < shards.size(); i++) {
            ArrayBlockingQueue<Job> q = shards.get(i);
            threads.add(Thread.ofVirtual().name("cm-pusher-" + flow + i).start(() -> drain(q)));
        }
    }

    @Override
    public void launch(long index, long scheduledNanos, long nowNanos) {
        try {
            run.offeredReq.increment();
            lateness.recordNanos(scheduledNanos, nowNanos);
            int prop = random.nextInt(seqCounter.length);
            long next = seqCounter[prop] + 1;
            Job j = new Job(prop, next, epoch.toEpochNanos(scheduledNanos) / 1000, scheduledNanos);
            if (shards.get(prop % shards.size()).offer(j)) {
                seqCounter[prop] = next;
            } else {
                run.shedCapReq.increment(); // the shard's bounded queue is full
            }
        } finally {
            ignoredLimit.release();
        }
    }

    @Override
    public void shed(long index, long scheduledNanos, ShedReason reason) {
        run.offeredReq.increment();
        run.shedBehindReq.increment(); // the bounded catch-up's bulk excess (§1.6 C): the loader fell behind
    }

    /** The pacer's in-flight gate: cm has no request cap (the bounded shard queues are its back-pressure). */
    public dev.goload.pace.InflightLimit limit() {
        return ignoredLimit;
    }

    private void drain(ArrayBlockingQueue<Job> q) {
        while (!signal.isStopping()) {
            Job j;
            try {
                j = q.poll(50, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (j == null) continue;
            push(j);
        }
        // jobs left at shutdown are dropped: they are the in-flight tail, above every property's high water
    }

    /** One shard job with the configured {@code -push-retries} budget; a failure is counted. */
    private void push(Job j) {
        StablePush.Outcome o = attempt(j.prop, j.seq, j.tsMicros, j.scheduledNanos);
        if (o != StablePush.Outcome.OK) countFailure(o);
    }

    /**
     * One attempt of the warm-up's own retry loop (seq 0, no ts): a failure is not counted, because the loop tries
     * again and only its final outcome is a push error ({@link #countFailure}).
     */
    boolean warmAttempt(int prop) {
        return attempt(prop, 0, 0, -1) == StablePush.Outcome.OK;
    }

    void countFailure(StablePush.Outcome o) {
        counters.pushErr.increment();
        if (o == StablePush.Outcome.GAVE_UP) counters.pushGaveUp.increment();
    }

    /**
     * @param scheduledNanos the pacer's due instant (the configured {@code -push-retries} budget), or -1 for one
     *                       attempt due now (the warm-up's)
     */
    private StablePush.Outcome attempt(int prop, long seq, long tsMicros, long scheduledNanos) {
        PushItem item = new PushItem(queue, "p" + prop, events.ingress(flow, prop, seq, tsMicros),
                events.transactionId(queue, prop, seq), null);
        StablePush.Outcome o = scheduledNanos < 0 ? pusher.pushNow(List.of(item), 1)
                : pusher.push(List.of(item), scheduledNanos);
        if (o == StablePush.Outcome.OK) {
            produced.increment();
            highWater.accumulateAndGet(prop, seq, Math::max);
        }
        return o;
    }

    /** Highest accepted seq per property ({@code produced.meta}). */
    public long highWater(int prop) {
        return highWater.get(prop);
    }

    /** The flow's ingress queue (the reference's warm-up failure line names it). */
    public String flowName() {
        return queue;
    }

    public int properties() {
        return seqCounter.length;
    }

    public void join(long millis) throws InterruptedException {
        dev.goload.modes.Threads.joinAll(threads, millis);
    }
}
