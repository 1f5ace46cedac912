package dev.goload.modes.cloud;

import dev.goload.client.AckResult;
import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.client.PreparedPop;
import dev.goload.client.QueenException;
import dev.goload.config.CloudConfig;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.modes.consume.AckTally;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.ConsumerPolicy;
import dev.goload.modes.consume.ConsumerPool;
import dev.goload.modes.consume.Lifetime;
import dev.goload.modes.consume.PopTally;
import dev.goload.modes.consume.RunTally;
import dev.goload.pace.NanoClock;
import dev.goload.verify.FaultPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * The cloud consumers (goload-behavior.md §2.3 "Consumers"): {@code -consumers-per-tenant} closed-loop drainers per
 * tenant, each popping its tenant's queue with its tenant's client, decoding every message's stamp and handing it
 * to the tenant's ledger, then acking the batch (unless autoAck or the {@code drop-ack} fault). They run through
 * the drain until the whole run ends.
 *
 * <p>End-to-end latency is recorded only for this tenant's own decodable messages (a cross-tenant or
 * stamp-less message would add a meaningless sample, spec §8 #15).
 *
 * <p>On the one {@link ConsumerLoop} with the reference's policy (§2.3): 20 ms base pause after a failed pop;
 * {@code -empty-sleep} after an empty pop only when not long-polling; a cancelled pop ends the consumer. Its lifetime is
 * a signal of its own, stopped after the drain (not the run's), so a backoff pause wakes at the stop.
 *
 * <p>Threading: one virtual thread per consumer; {@link #stop()} and {@link #await} from the run thread.
 */
final class CloudConsumers {
    private static final long ERROR_PAUSE_MILLIS = 20;

    private final CloudConfig cfg;
    private final List<TenantState> tenants;
    private final RunCounters counters;
    private final RunRecorders recorders;
    private final LatencyRecorder e2eFromSend;
    private final CloudCounters c;
    private final FaultPlan faults;
    private final EpochClock epoch;
    private final boolean verify;
    private final RunSignal over = new RunSignal();
    private final Lifetime life = Lifetime.of(over);
    private final ConsumerPool pool;
    private final List<Acks> acks = new ArrayList<>();
    /** Off once the drain starts: a dropped ack is only observable if its lease can expire before the verdict. */
    private volatile boolean dropAcks = true;

    /**
     * @param e2eFromSend the run's {@code e2eFromSend} recorder (send instant → receipt), beside the common
     *                    {@code e2e} (scheduled instant → receipt)
     */
    CloudConsumers(CloudConfig cfg, List<TenantState> tenants, RunCounters counters, RunRecorders recorders,
                   LatencyRecorder e2eFromSend, CloudCounters extras, FaultPlan faults, EpochClock epoch) {
        this.cfg = cfg;
        this.tenants = tenants;
        this.counters = counters;
        this.recorders = recorders;
        this.e2eFromSend = e2eFromSend;
        this.c = extras;
        this.faults = faults;
        this.epoch = epoch;
        this.verify = cfg.verify();
        this.pool = new ConsumerPool(tenants.size() * cfg.consumersPerTenant());
    }

    void start() {
        ConsumerPolicy policy = new ConsumerPolicy(ERROR_PAUSE_MILLIS,
                ConsumerPolicy.emptySleep(cfg.emptySleepMs(), cfg.popWait(), false), true);
        for (TenantState t : tenants) {
            PopRequest req = new PopRequest(t.queue, null, cfg.popBatch(),
                    cfg.popPartitions() > 1 ? cfg.popPartitions() : 0, cfg.popWait(), cfg.popTimeoutMs(), cfg.group(),
                    cfg.autoAck() ? Boolean.TRUE : null, true);
            Tally tally = new Tally(counters, recorders, c, t);
            Acks tenantAcks = Acks.inline(msgs -> t.client.ackMessages(msgs, true, cfg.group()), tally, life,
                    NanoClock.SYSTEM);
            acks.add(tenantAcks);
            PreparedPop pop = t.client.prepare(req); // the same request every time: built once per tenant
            for (int i = 0; i < cfg.consumersPerTenant(); i++) {
                String name = "goload-cloud-consumer-" + t.tenant.idx() + "-" + i;
                pool.start(name, new ConsumerLoop(policy, life, pop::pop, tally,
                        (msgs, now, popMicros) -> handle(t, tenantAcks, msgs, now), epoch::epochNanos, c.liveTasks,
                        counters.backoff));
            }
        }
    }

    /**
     * Stops injecting {@code drop-ack}: the drain is sized to {@code leaseTime + margin} from its start, so only a
     * batch dropped before it is sure to be redelivered (and counted as a duplicate) before the verdict; one dropped
     * later would go undetected (spec §3.3, §8 #14).
     */
    void stopFaults() {
        dropAcks = false;
    }

    /**
     * Ends the loops; the caller cancels the clients to cut parked long-polls (those pops, and any ack failing from
     * now on, count as cancelled calls, not errors).
     */
    void stop() {
        acks.forEach(Acks::cutOff);
        over.stop("over");
    }

    /** Waits for every consumer to leave its loop; false if some did not within the time. */
    boolean await(long millis) throws InterruptedException {
        return pool.await(millis);
    }

    private boolean handle(TenantState t, Acks tenantAcks, List<Message> msgs, long nowEpochNanos)
            throws InterruptedException {
        counters.popped.add(msgs.size());
        t.popped.add(msgs.size());
        record(t, msgs, nowEpochNanos / 1000);
        if (cfg.autoAck()) {
            return true;
        }
        if (dropAcks && faults.take(FaultPlan.Fault.DROP_ACK)) {
            // Never acked: after leaseTime the batch is redelivered and every message shows as a duplicate.
            faults.affected(FaultPlan.Fault.DROP_ACK, msgs.size());
            return true;
        }
        return tenantAcks.ack(msgs);
    }

    private void record(TenantState t, List<Message> msgs, long nowMicros) {
        for (Message m : msgs) {
            t.partitionIds.learn(m.partition(), m.partitionId());
            CloudStamps.Stamp s = CloudStamps.decode(m.data());
            if (s == null) {
                c.undecodable.increment();
                if (verify) {
                    t.ledger.recordUndecodable();
                }
                continue;
            }
            if (s.tenant() != t.tenant.idx()) {
                c.crossTenant.increment();
                if (verify) {
                    t.ledger.recordCrossTenant();
                }
                continue;
            }
            if (s.tsMicros() > 0) {
                recorders.e2e.record(nowMicros - s.tsMicros());
            }
            if (s.taMicros() > 0) {
                e2eFromSend.record(nowMicros - s.taMicros());
            }
            if (verify) {
                t.ledger.recordReceived(s.seq());
            }
        }
    }

    /**
     * The common vocabulary ({@link RunTally}: an ack answered with failed items is an {@code item_failed} ack error),
     * plus the reference's {@code popReqs}/{@code ackReqs} per attempt and the tenant's acked messages.
     */
    private record Tally(RunTally common, CloudCounters extras, TenantState t) implements PopTally, AckTally {
        Tally(RunCounters c, RunRecorders r, CloudCounters extras, TenantState t) {
            this(new RunTally(c, r), extras, t);
        }

        @Override
        public void attempt() {
            extras.popReqs.increment();
        }

        @Override
        public void answered() {
            common.answered();
        }

        @Override
        public void empty() {
            common.empty();
        }

        @Override
        public void failed(QueenException e) {
            common.failed(e);
        }

        @Override
        public void canceled() {
            common.canceled();
        }

        @Override
        public void ackAttempt() {
            extras.ackReqs.increment();
        }

        @Override
        public void answered(int size, AckResult a, long micros) {
            common.answered(size, a, micros);
            t.acked.add(a.succeeded());
        }

        @Override
        public void failed(int size, QueenException e, long micros) {
            common.failed(size, e, micros);
        }

        @Override
        public void canceled(int size, long micros) {
            common.canceled(size, micros);
        }

        @Override
        public void unbuildable(int size, RuntimeException e) {
            // A batch the client cannot even build an ack for (a message without partitionId) must not end this
            // consumer: its tenant would stop draining and everything after would read as missing.
            common.unbuildable(size, e);
        }
    }
}
