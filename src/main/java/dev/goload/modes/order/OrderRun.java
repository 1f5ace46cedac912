package dev.goload.modes.order;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.client.PushItem;
import dev.goload.client.PushResult;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.AttributionOptions;
import dev.goload.config.OrderConfig;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.ErrorBackoff;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.PushOutcome;
import dev.goload.modes.PushSender;
import dev.goload.modes.RunSignal;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.ConsumerPolicy;
import dev.goload.modes.consume.ConsumerPool;
import dev.goload.modes.consume.Lifetime;
import dev.goload.modes.consume.RunTally;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import dev.goload.modes.run.RunOutcome;
import dev.goload.pace.NanoClock;
import dev.goload.verify.LossAttribution;
import dev.goload.verify.LossReport;
import dev.goload.verify.MissingMessage;
import dev.goload.verify.OrderLedger;
import dev.goload.verify.PartitionIds;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The {@code order} gate (goload-behavior.md §2.5): consumers start first (long-polling, in the shape under test),
 * then one producer pushes {@code {"s":i,"p":"<partition>"}} for i = 1..messages sequentially through the one
 * {@link PushSender} — each push awaited, so each partition's commit order is ascending — then the run drains until
 * every successfully pushed sequence was delivered (plus 1 s) or the drain's cap passes ({@code -drain} seconds, at
 * least {@code leaseTime + 5 s} once a pop may have lost a leased answer: {@link DrainCap}). Each push carries a
 * transaction id derived from (run id, seq), so a client retry of a push that had committed is deduplicated by the
 * broker instead of becoming a duplicate.
 *
 * <p>The run's lifecycle only: counting is {@link PushSender}'s and the consumer loop's, intervals (phases
 * {@code load} and {@code drain}, every second) are the {@link IntervalReporter}'s — order's reference prints no
 * interval line, the listeners (CSV, {@code .hlog}, record) take them — and the {@code push %d: %v} and drain-cap lines
 * are {@link OrderNote}s. Prints nothing.
 *
 * <p>Threading: {@link #execute} on the caller's thread (the reporter); the producer on a virtual thread; one virtual
 * thread per consumer.
 */
public final class OrderRun {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The reference's pause after a failed pop (§2.5); consecutive connection failures grow it (ErrorBackoff). */
    private static final long POP_ERROR_PAUSE_MILLIS = 20;
    /** The drain's poll of "every sequence delivered?" (§2.5). */
    private static final long DRAIN_POLL_NANOS = 200_000_000L;
    private static final long REPORT_NANOS = 1_000_000_000L;

    private final OrderConfig cfg;
    private final QueenClient client;
    private final List<RunListener<Object>> listeners;
    private final NanoClock clock = NanoClock.SYSTEM;
    private final OrderLedger ledger;
    private final RunCounters counters = new RunCounters();
    private final RunRecorders recorders = new RunRecorders();
    /** How long each non-empty pop took (the reference's popWaitMs). */
    private final LatencyRecorder popWait = recorders.add("popWait");
    private final Map<Integer, LongAdder> sizes = new ConcurrentHashMap<>();
    private final PartitionIds partitionIds = new PartitionIds();
    private AttributionOptions attribution = AttributionOptions.DEFAULTS;
    /** Makes this run's transaction ids its own ({@link #txnOf}); set when the producer starts. */
    private volatile String nonce;
    /** The consumers' one ack path, made when they start. */
    private Acks acks;

    /** @param listeners the run's interval and note listeners (the record writer, the console's notes) */
    public OrderRun(OrderConfig cfg, QueenClient client, List<? extends RunListener<Object>> listeners) {
        this.cfg = cfg;
        this.client = client;
        this.listeners = List.copyOf(listeners);
        this.ledger = new OrderLedger(cfg.messages());
    }

    /** Configures the queue ({@code leaseTime}, {@code minPopWaitTime}); a failure is fatal (the caller exits 1). */
    public void configure() {
        client.configure(cfg.queue(), Map.of("leaseTime", cfg.leaseTime(), "minPopWaitTime", cfg.minPopWait()), false);
    }

    public OrderResult execute(RunSignal signal, LoaderMonitor monitor) throws InterruptedException {
        RunSignal consumersStop = new RunSignal();
        Lifetime life = Lifetime.of(consumersStop);
        RunTally tally = new RunTally(counters, recorders);
        acks = Acks.inline(msgs -> client.ackMessages(msgs, true, cfg.group()), tally, life, clock);
        // the reference's policy (§2.5): 20 ms base pause after a failed pop; always long-polling, no empty sleep
        ConsumerPolicy policy = new ConsumerPolicy(POP_ERROR_PAUSE_MILLIS, 0, false);
        EpochClock epoch = new EpochClock(clock);
        ConsumerPool consumers = new ConsumerPool();
        AtomicInteger live = new AtomicInteger();
        PopRequest req = PopRequest.of(cfg.queue()).withConsumerGroup(cfg.group()).withBatch(cfg.popBatch())
                .withPartitions(cfg.popPartitions() > 1 ? cfg.popPartitions() : 0).withLongPoll(true)
                .withTimeoutMs(cfg.popTimeoutMs()).withAutoAck(false).withCaptureData(true);
        for (int i = 0; i < cfg.consumers(); i++) {
            consumers.start("order-consumer-" + i, new ConsumerLoop(policy, life, () -> client.pop(req), tally,
                    this::delivered, epoch::epochNanos, live, counters.backoff));
        }
        signal.pause(300);
        IntervalReporter<Object> reporter = new IntervalReporter<>("order", clock, counters, recorders, monitor,
                new IntervalReporter.Probe<>() {
                    @Override
                    public int liveTasks() {
                        return live.get();
                    }
                }, listeners);
        long t0 = clock.nanoTime();
        reporter.begin(t0, REPORT_NANOS);
        nonce = cfg.runId() + "/" + UUID.randomUUID();
        Producer producer = new Producer(signal, reporter);
        Thread pushing = Thread.ofVirtual().name("order-producer").start(producer);
        reporter.runUntil(Long.MAX_VALUE, "load", producer.done);
        pushing.join();
        double pushSec = (clock.nanoTime() - t0) / 1e9;
        long d0 = clock.nanoTime();
        int cap = cfg.drainSec();
        String stopReason = "duration";
        while (!signal.isStopping()) {
            // re-judged each turn: a pop may lose its answer during the drain too
            long lost = DrainCap.lostAnswers(counters.popErrors, client.stats().retries());
            int raised = DrainCap.seconds(cfg.drainSec(), cfg.leaseTime(), lost);
            if (raised > cap) {
                cap = raised;
                reporter.note(new OrderNote.DrainCapRaised(cfg.drainSec(), cfg.leaseTime(), DrainCap.LEASE_MARGIN_SEC,
                        cap, lost));
            }
            if (clock.nanoTime() >= d0 + cap * 1_000_000_000L) break;
            if (ledger.everySentDelivered()) {
                reporter.runUntil(clock.nanoTime() + 1_000_000_000L, "drain", signal);
                stopReason = "drained";
                break;
            }
            reporter.runUntil(clock.nanoTime() + DRAIN_POLL_NANOS, "drain", signal);
        }
        double drainSec = (clock.nanoTime() - d0) / 1e9;
        consumersStop.stop("drained");
        // Let pops in flight return and their batches be recorded and acked (aborting them could leave a recorded
        // delivery unacked and fail ACK spuriously); only then abort whatever is still hanging.
        consumers.await(cfg.popTimeoutMs() + 5_000L);
        client.cancelAll();
        consumers.join();
        reporter.finish("drain");
        RunOutcome outcome = reporter.outcome(cfg.runId(), signal.isStopping() ? "signal" : stopReason, null,
                "-mode order does not query the broker's /health", client.stats().reconnects());
        TreeMap<Integer, Long> hist = new TreeMap<>();
        sizes.forEach((k, v) -> hist.put(k, v.sum()));
        var wait = popWait.cumulative();
        double[] waitMs = {LatencySummary.nearestRankMs(wait, 0.50), LatencySummary.nearestRankMs(wait, 0.95),
                LatencySummary.nearestRankMs(wait, 0.99)};
        OrderLedger.Result check = ledger.result();
        return new OrderResult(outcome, producer.pushed, producer.failed, ledger.deliveredCount(), hist, waitMs, pushSec,
                drainSec, check, cap, OrderFinding.of(check, ledger.deliveredCount(), counters.acked.sum(),
                producer.failed));
    }

    /**
     * The one producer: pushes 1..messages in order, each awaited (against a dead broker it must not race through
     * every sequence in a second). A push counts as sent only when its item is durable (a buffered item is not).
     */
    private final class Producer implements Runnable {
        final RunSignal done = new RunSignal();
        private final RunSignal signal;
        private final IntervalReporter<Object> reporter;
        private final PushSender sender;
        private final ErrorBackoff backoff;
        long pushed;
        long failed;

        Producer(RunSignal signal, IntervalReporter<Object> reporter) {
            this.signal = signal;
            this.reporter = reporter;
            this.sender = new PushSender(counters, recorders, clock);
            this.backoff = ErrorBackoff.on(signal, 0, counters.backoff);
        }

        @Override
        public void run() {
            try {
                for (int i = 1; i <= cfg.messages() && !signal.isStopping(); i++) {
                    boolean ok = push(i);
                    ledger.sent(i, ok);
                    if (ok) pushed++;
                    else failed++;
                }
            } finally {
                done.stop("pushed");
            }
        }

        private boolean push(int i) {
            String p = cfg.partitionOf(i);
            byte[] body = ("{\"s\":" + i + ",\"p\":\"" + p + "\"}").getBytes(StandardCharsets.UTF_8);
            // closed loop: each push is due when the previous one answered
            PushOutcome o = sender.send(client, List.of(new PushItem(cfg.queue(), p, body, txnOf(i), null)),
                    clock.nanoTime(), -1);
            PushResult r = o.result();
            if (r == null) {
                reporter.note(new OrderNote.PushFailed(i, String.valueOf(o.error().getMessage())));
                backoff.afterFailure(o.error().kind());
                return false;
            }
            if (r.durable() == r.size()) {
                backoff.onSuccess();
                return true;
            }
            String why = "item " + r.statuses()[0] + (r.firstError() == null ? "" : ": " + r.firstError());
            reporter.note(new OrderNote.PushFailed(i, why));
            if (o.achieved()) {
                // buffered, not durable: accepted by the sender's count, a failure of this gate
                counters.pushErrors.record("item_failed", "push " + i + ": " + why);
            }
            backoff.afterFailure(null);
            return false;
        }
    }

    /** The transaction id sequence {@code i} is pushed with: recomputable, so a missing one can be looked up. */
    private String txnOf(long i) {
        return UUID.nameUUIDFromBytes((nonce + "/" + i).getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** Loss attribution after the verdict (default: on, {@value AttributionOptions#DEFAULT_MAX} look-ups). */
    public OrderRun attribution(AttributionOptions options) {
        this.attribution = options;
        return this;
    }

    /**
     * After {@link #execute}: looks the missing sequences up through the broker's message API; null when nothing is
     * missing. The producer pushes one message at a time, in sequence order, so any earlier delivered sequence of the
     * same partition was stored before the missing one: the witness that tells lost-on-push from removed.
     */
    public LossReport attributeLoss(OrderResult r) {
        long missing = r.check().missing();
        if (missing == 0 || nonce == null) {
            return null;
        }
        if (!attribution.enabled()) {
            return LossReport.disabled(missing, attribution.maxLookups());
        }
        List<MissingMessage> candidates = new ArrayList<>();
        for (long s : ledger.missingSeqs(attribution.maxLookups())) {
            long w = witness(s);
            candidates.add(new MissingMessage(Long.toString(s), 0, cfg.queue(), cfg.partitionOf(s), txnOf(s),
                    w < 1 ? null : txnOf(w), null));
        }
        return new LossAttribution((owner, pid, txn) -> client.lookupMessage(pid, txn),
                (owner, queue, partition) -> partitionIds.idOf(partition), cfg.group(), attribution.maxLookups())
                .run(missing, candidates);
    }

    /** The nearest earlier delivered sequence of the partition of {@code s} (up to 64 back), 0 if none. */
    private long witness(long s) {
        long step = cfg.partitions() <= 1 ? 1 : cfg.partitions();
        for (long w = s - step, k = 0; w >= 1 && k < 64; w -= step, k++) {
            if (ledger.wasDelivered(w)) return w;
        }
        return 0;
    }

    /** A delivered batch (§2.5): its size, its pop's wait, every message into the ledger, then the ack. */
    private boolean delivered(List<Message> msgs, long poppedEpochNanos, long micros) throws InterruptedException {
        sizes.computeIfAbsent(msgs.size(), k -> new LongAdder()).increment();
        counters.popped.add(msgs.size());
        popWait.record(micros);
        for (Message m : msgs) record(m);
        return acks.ack(msgs);
    }


    private void record(Message m) {
        partitionIds.learn(m.partition(), m.partitionId());
        try {
            JsonNode n = JSON.readTree(m.data());
            JsonNode s = n == null ? null : n.get("s");
            if (s == null || !s.isNumber()) return; // the reference ignores messages without a numeric s
            JsonNode p = n.get("p");
            ledger.delivered(p != null && p.isTextual() ? p.asText() : "", s.asLong());
        } catch (java.io.IOException e) {
            // not JSON: not one of ours
        }
    }
}
