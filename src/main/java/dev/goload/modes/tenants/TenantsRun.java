package dev.goload.modes.tenants;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.TenantsConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderConnections;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.PushSender;
import dev.goload.modes.RunSignal;
import dev.goload.modes.StartGate;
import dev.goload.modes.Threads;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunListener;
import dev.goload.pace.NanoClock;
import dev.goload.shard.Shard;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code tenants} workload (goload-behavior.md §2.7) on the shared client: provision every queue, run one
 * producer per tenant and park consumers on every queue, emit an interval every {@code -report} s through the one
 * {@link IntervalReporter}, and return the outcome with the tail. Prints nothing: the listeners get the intervals and
 * the {@link TenantsNote}s (report/TenantsConsole renders them, the record writer keeps them).
 *
 * <p>At the default shape (1,000 producers, 10,000 parked long-polls) the order matters: producers start first, on
 * sockets dialled before the consumers' long-polls dial theirs (those go through the client's long-poll lane and its
 * connect limiter); the consumers start together once the first push was answered (or after a second), so pushes
 * flow from the first second.
 *
 * <p>Differences from the reference (§8 #20): the final wait is bounded ({@link TenantsConfig#FINAL_WAIT_MS}); the
 * caller builds the client with exactly one attempt per call (no hidden retry); a long-poll's client deadline is
 * pop-timeout + 5 s independent of {@code -timeout}, so the two never race.
 *
 * <p>Threading: {@link #run} on the caller's thread, which is the reporter's; one virtual thread per consumer and
 * producer.
 */
public final class TenantsRun {
    /** Short-lane sockets dialled before the producers start, at most (one per tenant). */
    private static final int PRE_DIAL = 256;
    private static final long FIRST_PUSH_WAIT_MS = 1_000;
    /** A push in flight at the stop gets this long for its answer (see {@link #stop}). */
    private static final long PUSH_DRAIN_MS = 5_000;

    private final TenantsConfig c;
    private final QueenClient client;
    private final RunSignal signal;
    private final NanoClock clock;
    private final RunCounters counters = new RunCounters();
    private final RunRecorders recorders = new RunRecorders();
    private final QueueLedger ledger;
    private final AtomicInteger live = new AtomicInteger();
    /** The loader's self-measurement, its stalls in the run's {@code hiccup} recorder (closed by {@link #run}). */
    private final LoaderMonitor monitor;
    private final IntervalReporter<TenantsFigures> reporter;
    private final TenantsProducers producers;
    private final TenantsConsumers consumers;
    private final StartGate startGate;
    private final EpochClock epoch;

    /**
     * @param shard     this loader's shard: it provisions, pushes to and pops from only the queues of the tenants it
     *                  owns ({@link Shard#SINGLE}: all)
     * @param startGate the coordinated start, awaited after provisioning and the pre-dial ({@link StartGate#NONE})
     */
    public TenantsRun(TenantsConfig c, QueenClient client, RunSignal signal, NanoClock clock, LoaderBoundRules rules,
                      List<? extends RunListener<? super TenantsFigures>> listeners, Shard shard,
                      StartGate startGate) {
        this.c = c;
        this.client = client;
        this.signal = signal;
        this.clock = clock;
        this.startGate = startGate;
        this.ledger = new QueueLedger(c, shard);
        EpochClock epoch = new EpochClock(clock);
        this.epoch = epoch;
        this.monitor = new LoaderMonitor(rules, recorders.hiccup).connections(LoaderConnections.of(client));
        this.reporter = new IntervalReporter<>("tenants", clock, counters, recorders, monitor,
                new IntervalReporter.Probe<>() {
                    @Override
                    public int liveTasks() {
                        return live.get();
                    }

                    @Override
                    public TenantsFigures snapshot() {
                        return ledger.figures();
                    }
                }, listeners);
        this.producers = new TenantsProducers(c, client, signal, clock, epoch, counters,
                new PushSender(counters, recorders, clock), ledger, live);
        this.consumers = new TenantsConsumers(c, client, signal, epoch, counters, recorders, ledger, live);
    }

    /**
     * Runs the whole mode. {@code runId} names the outcome. A failed provisioning ends the run at once (no traffic),
     * with {@link TenantsResult#provisioned()} false and the configure errors by kind in the outcome.
     *
     * A stop before T0 (while waiting for the coordinator or for T0) ends the run there, nothing pushed.
     *
     * @throws StartGate.Refused the coordinated start failed (after provisioning, before any push)
     */
    public TenantsResult run(String runId) throws InterruptedException, StartGate.Refused {
        try (monitor) {
            return runMeasured(runId);
        }
    }

    private TenantsResult runMeasured(String runId) throws InterruptedException, StartGate.Refused {
        JsonNode health = null;
        String healthError = null;
        try {
            health = client.health();
        } catch (RuntimeException e) { // the broker's identity only: the run goes on without it
            healthError = String.valueOf(e.getMessage());
        }
        TenantsNote provisioned = new QueueProvisioning(client, signal, clock, counters.configureErrors)
                .run(ledger, c.provisionConc());
        reporter.note(provisioned);
        if (provisioned instanceof TenantsNote.ProvisionFailed) {
            signal.stop("error: provisioning failed");
            reporter.begin(clock.nanoTime(), TimeUnit.SECONDS.toNanos(c.reportSec()));
            reporter.finish("provision");
            return result(runId, health, healthError, false);
        }
        if (!c.idleOnly()) preDial();
        StartGate.Began began = startGate.await(clock, epoch, signal, reporter::note);
        long t0 = began.t0Nanos();
        reporter.begin(t0, TimeUnit.SECONDS.toNanos(c.reportSec()));
        if (began.stopped()) {
            client.cancelAll(); // the pre-dialled connections carry nothing
            reporter.finish("load");
            return result(runId, health, healthError, true);
        }
        if (!c.idleOnly()) producers.start(t0);
        Thread starter = Thread.ofVirtual().name("goload-tenants-starter").start(this::startConsumers);
        if (!reporter.runUntil(t0 + TimeUnit.SECONDS.toNanos(c.durationSec()), "load", signal)) {
            signal.stop("duration");
        }
        stop(starter);
        reporter.finish("load");
        return result(runId, health, healthError, true);
    }

    private TenantsResult result(String runId, JsonNode health, String healthError, boolean provisioned) {
        return new TenantsResult(reporter.outcome(runId, signal.reason(), health, healthError,
                client.stats().reconnects()), ledger.figures(), provisioned);
    }

    /**
     * The end of the run: a push in flight gets its answer first (cancelled, the broker may still have stored it, and
     * it would be popped without ever counting as pushed), then every pop is cancelled and the tasks get
     * {@link TenantsConfig#FINAL_WAIT_MS}.
     */
    private void stop(Thread starter) throws InterruptedException {
        Threads.joinAll(producers.threads(), PUSH_DRAIN_MS);
        starter.join(); // it starts no consumer once the run stops; then the pool is this thread's to read
        client.cancelAll();
        long deadline = clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TenantsConfig.FINAL_WAIT_MS);
        boolean consumersEnded = consumers.await(TenantsConfig.FINAL_WAIT_MS);
        long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - clock.nanoTime()));
        boolean producersEnded = Threads.joinAll(producers.threads(), left);
        if (!consumersEnded || !producersEnded) {
            reporter.note(new TenantsNote.ShutdownCut(live.get(), TenantsConfig.FINAL_WAIT_MS / 1000));
        }
    }

    /** The consumers' dials and first pops wait for the first answered push (or a second at most). */
    private void startConsumers() {
        try {
            if (!c.idleOnly()) producers.awaitFirstPush(FIRST_PUSH_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        consumers.start();
    }

    private void preDial() {
        try {
            client.warmUp(Math.min(ledger.tenants(), PRE_DIAL));
        } catch (QueenException e) {
            // the pushes dial their own sockets, and a failure there is counted by kind
        }
    }
}
