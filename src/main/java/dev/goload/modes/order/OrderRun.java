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
import dev.goload.metrics.BackoffStats;
import dev.goload.metrics.ErrorStats;
import dev.goload.modes.EpochClock;
import dev.goload.modes.ErrorBackoff;
import dev.goload.modes.RunSignal;
import dev.goload.modes.consume.AdderTally;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.ConsumerPolicy;
import dev.goload.modes.consume.ConsumerPool;
import dev.goload.modes.consume.KindTally;
import dev.goload.modes.consume.Lifetime;
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
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The {@code order} gate (goload-behavior.md §2.5): consumers start first (long-polling, in the shape under test),
 * then one producer pushes {@code {"s":i,"p":"<partition>"}} for i = 1..messages sequentially — each push awaited,
 * so each partition's commit order is ascending — then the run drains until every successfully pushed sequence was
 * delivered (plus 1 s) or the drain's cap passes ({@code -drain} seconds, at least {@code leaseTime + 5 s} once a pop
 * may have lost a leased answer: {@link DrainCap}). Each push carries a transaction id derived from (run id, seq), so a client
 * retry of a push that had committed is deduplicated by the broker instead of becoming a duplicate.
 *
 * <p>Threading: {@link #execute} on the caller's thread (the producer); one virtual thread per consumer.
 */
public final class OrderRun {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The reference's pause after a failed pop (§2.5); consecutive connection failures grow it (ErrorBackoff). */
    private static final long POP_ERROR_PAUSE_MILLIS = 20;

    private final OrderConfig cfg;
    private final QueenClient client;
    private final Consumer<String> lines;
    private final OrderLedger ledger;
    private final LongAdder acked = new LongAdder(), ackErr = new LongAdder(), pops = new LongAdder(),
            empties = new LongAdder(), popErr = new LongAdder();
    private final Map<Integer, LongAdder> sizes = new ConcurrentHashMap<>();
    private final Histogram popMicros = new Histogram(1, 3_600_000_000L, 3);
    private final PartitionIds partitionIds = new PartitionIds();
    private AttributionOptions attribution = AttributionOptions.DEFAULTS;
    /** Makes this run's transaction ids its own ({@link #txnOf}); set when the producer starts. */
    private volatile String nonce;
    private final BackoffStats backoff = new BackoffStats();
    /** The producer's failed pushes by kind ({@code item_failed}: not durable inside a 2xx answer). */
    private final ErrorStats pushErrors = new ErrorStats();
    /** The consumers' one ack path, made when they start. */
    private Acks acks;
    /** The pop and ack counters and their failures by kind, made when the consumers start. */
    private KindTally tally;

    public OrderRun(OrderConfig cfg, QueenClient client, Consumer<String> lines) {
        this.cfg = cfg;
        this.client = client;
        this.lines = lines;
        this.ledger = new OrderLedger(cfg.messages());
    }

    /** Configures the queue ({@code leaseTime}, {@code minPopWaitTime}); a failure is fatal (the caller exits 1). */
    public void configure() {
        client.configure(cfg.queue(), Map.of("leaseTime", cfg.leaseTime(), "minPopWaitTime", cfg.minPopWait()), false);
    }

    public OrderResult execute(RunSignal signal) throws InterruptedException {
        RunSignal consumersStop = new RunSignal();
        Lifetime life = Lifetime.of(consumersStop);
        tally = new KindTally(new AdderTally(pops, empties, popErr, acked, ackErr));
        acks = Acks.inline(msgs -> client.ackMessages(msgs, true, cfg.group()), tally, life, NanoClock.SYSTEM);
        // the reference's policy (§2.5): 20 ms base pause after a failed pop; always long-polling, no empty sleep
        ConsumerPolicy policy = new ConsumerPolicy(POP_ERROR_PAUSE_MILLIS, 0, false);
        EpochClock epoch = new EpochClock(NanoClock.SYSTEM);
        ConsumerPool consumers = new ConsumerPool();
        PopRequest req = PopRequest.of(cfg.queue()).withConsumerGroup(cfg.group()).withBatch(cfg.popBatch())
                .withPartitions(cfg.popPartitions() > 1 ? cfg.popPartitions() : 0).withLongPoll(true)
                .withTimeoutMs(cfg.popTimeoutMs()).withAutoAck(false).withCaptureData(true);
        for (int i = 0; i < cfg.consumers(); i++) {
            consumers.start("order-consumer-" + i, new ConsumerLoop(policy, life, () -> client.pop(req), tally,
                    this::delivered, epoch::epochNanos, new AtomicInteger(), backoff));
        }
        signal.pause(300);
        long pushed = 0, pushErr = 0;
        long t0 = System.nanoTime();
        nonce = cfg.runId() + "/" + UUID.randomUUID();
        // the producer awaits each push: against a dead broker it must not race through every sequence in a second
        ErrorBackoff pushBackoff = ErrorBackoff.on(signal, 0, backoff);
        for (int i = 1; i <= cfg.messages() && !signal.isStopping(); i++) {
            String p = cfg.partitionOf(i);
            byte[] body = ("{\"s\":" + i + ",\"p\":\"" + p + "\"}").getBytes(StandardCharsets.UTF_8);
            String txn = txnOf(i);
            boolean ok;
            try {
                PushResult r = client.push(List.of(new PushItem(cfg.queue(), p, body, txn, null)));
                ok = r.durable() == r.size();
                if (!ok) {
                    String why = "push " + i + ": item " + r.statuses()[0] + (r.firstError() == null ? "" : ": " + r.firstError());
                    lines.accept(why);
                    pushErrors.record("item_failed", why);
                }
                if (ok) pushBackoff.onSuccess();
                else pushBackoff.afterFailure(null);
            } catch (QueenException e) {
                ok = false;
                lines.accept("push " + i + ": " + e.getMessage());
                pushErrors.record(e);
                pushBackoff.afterFailure(e.kind());
            }
            ledger.sent(i, ok);
            if (ok) pushed++;
            else pushErr++;
        }
        double pushSec = (System.nanoTime() - t0) / 1e9;
        long d0 = System.nanoTime();
        int cap = cfg.drainSec();
        while (!signal.isStopping()) {
            // re-judged each turn: a pop may lose its answer during the drain too
            long lost = DrainCap.lostAnswers(tally.popErrors(), client.stats().retries());
            int raised = DrainCap.seconds(cfg.drainSec(), cfg.leaseTime(), lost);
            if (raised > cap) {
                cap = raised;
                lines.accept(DrainCap.line(cfg.drainSec(), cfg.leaseTime(), cap, lost));
            }
            if (System.nanoTime() >= d0 + cap * 1_000_000_000L) break;
            if (ledger.everySentDelivered()) {
                signal.pause(1000);
                break;
            }
            signal.pause(200);
        }
        double drainSec = (System.nanoTime() - d0) / 1e9;
        consumersStop.stop("drained");
        // Let pops in flight return and their batches be recorded and acked (aborting them could leave a recorded
        // delivery unacked and fail ACK spuriously); only then abort whatever is still hanging.
        consumers.await(cfg.popTimeoutMs() + 5_000L);
        client.cancelAll();
        consumers.join();
        TreeMap<Integer, Long> hist = new TreeMap<>();
        sizes.forEach((k, v) -> hist.put(k, v.sum()));
        double[] wait;
        synchronized (popMicros) {
            wait = new double[] {dev.goload.metrics.LatencySummary.nearestRankMs(popMicros, 0.50), dev.goload.metrics.LatencySummary.nearestRankMs(popMicros, 0.95), dev.goload.metrics.LatencySummary.nearestRankMs(popMicros, 0.99)};
        }
        return new OrderResult(pushed, pushErr, ledger.deliveredCount(), acked.sum(), ackErr.sum(), pops.sum(),
                empties.sum(), popErr.sum(), hist, wait, pushSec, drainSec, ledger.result(), backoff.backoffs(),
                backoff.backoffMillis(), cap, errorsByKind());
    }

    /** Each error family by kind, in the summary's order (push, pop, ack). */
    private Map<String, ErrorStats.Snapshot> errorsByKind() {
        return ErrorStats.families(pushErrors, tally.popErrors(), tally.ackErrors());
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
        synchronized (popMicros) {
            popMicros.recordValue(Math.max(1, Math.min(micros, popMicros.getHighestTrackableValue())));
        }
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
