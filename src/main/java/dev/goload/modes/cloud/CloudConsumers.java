package dev.goload.modes.cloud;

import dev.goload.client.AckResult;
import dev.goload.client.ErrorKind;
import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.client.PopResult;
import dev.goload.client.QueenException;
import dev.goload.config.CloudConfig;
import dev.goload.modes.EpochClock;
import dev.goload.modes.ErrorBackoff;
import dev.goload.verify.FaultPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The cloud consumers (goload-behavior.md §2.3 "Consumers"): {@code -consumers-per-tenant} closed-loop drainers per
 * tenant, each popping its tenant's queue with its tenant's client, decoding every message's stamp and handing it
 * to the tenant's ledger, then acking the batch (unless autoAck or the {@code drop-ack} fault). They run through
 * the drain until the whole run ends.
 *
 * <p>End-to-end latency is recorded only for this tenant's own decodable messages (a cross-tenant or
 * stamp-less message would add a meaningless sample, spec §8 #15).
 *
 * <p>Threading: one virtual thread per consumer; {@link #stop()} and {@link #await} from the run thread.
 */
final class CloudConsumers {
    private static final long ERROR_PAUSE_MILLIS = 20;

    private final CloudConfig cfg;
    private final List<TenantState> tenants;
    private final CloudCounters c;
    private final FaultPlan faults;
    private final EpochClock epoch;
    private final boolean verify;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean over;
    /** Off once the drain starts: a dropped ack is only observable if its lease can expire before the verdict. */
    private volatile boolean dropAcks = true;

    CloudConsumers(CloudConfig cfg, List<TenantState> tenants, CloudCounters counters, FaultPlan faults,
                   EpochClock epoch) {
        this.cfg = cfg;
        this.tenants = tenants;
        this.c = counters;
        this.faults = faults;
        this.epoch = epoch;
        this.verify = cfg.verify();
    }

    void start() {
        for (TenantState t : tenants) {
            PopRequest req = new PopRequest(t.queue, null, cfg.popBatch(),
                    cfg.popPartitions() > 1 ? cfg.popPartitions() : 0, cfg.popWait(), cfg.popTimeoutMs(), cfg.group(),
                    cfg.autoAck() ? Boolean.TRUE : null, true);
            for (int i = 0; i < cfg.consumersPerTenant(); i++) {
                String name = "goload-cloud-consumer-" + t.tenant.idx() + "-" + i;
                threads.add(Thread.ofVirtual().name(name).start(() -> loop(t, req)));
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

    /** Ends the loops; the caller cancels the clients to cut parked long-polls. */
    void stop() {
        over = true;
    }

    /** Waits for every consumer to leave its loop; false if some did not within the time. */
    boolean await(long millis) throws InterruptedException {
        return dev.goload.modes.Threads.joinAll(threads, millis);
    }

    private void loop(TenantState t, PopRequest req) {
        c.liveTasks.incrementAndGet();
        ErrorBackoff backoff = new ErrorBackoff(ERROR_PAUSE_MILLIS, this::sleep, new SplittableRandom(), c.backoff);
        try {
            while (!over) {
                c.popReq.increment();
                PopResult r;
                try {
                    r = t.client.pop(req);
                    backoff.onSuccess();
                } catch (QueenException e) {
                    if (over || QueenException.classify(e) == ErrorKind.CANCELED) {
                        return;
                    }
                    c.popErrors.record(e);
                    backoff.afterFailure(QueenException.classify(e));
                    continue;
                }
                if (r.empty()) {
                    c.emptyPops.increment();
                    if (!cfg.popWait()) {
                        sleep(cfg.emptySleepMs());
                    }
                    continue;
                }
                List<Message> msgs = r.messages();
                c.poppedMsg.add(msgs.size());
                t.popped.add(msgs.size());
                record(t, msgs);
                if (!cfg.autoAck()) {
                    ack(t, msgs);
                }
            }
        } finally {
            c.liveTasks.decrementAndGet();
        }
    }

    private void record(TenantState t, List<Message> msgs) {
        long nowMicros = epoch.epochNanos() / 1000;
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
                c.e2eFromSchedule.record(nowMicros - s.tsMicros());
            }
            if (s.taMicros() > 0) {
                c.e2eFromSend.record(nowMicros - s.taMicros());
            }
            if (verify) {
                t.ledger.recordReceived(s.seq());
            }
        }
    }

    private void ack(TenantState t, List<Message> msgs) {
        if (dropAcks && faults.take(FaultPlan.Fault.DROP_ACK)) {
            // Never acked: after leaseTime the batch is redelivered and every message shows as a duplicate.
            faults.affected(FaultPlan.Fault.DROP_ACK, msgs.size());
            return;
        }
        c.ackReq.increment();
        long t0 = System.nanoTime();
        try {
            AckResult r = t.client.ackMessages(msgs, true, cfg.group());
            c.ackRtt.record((System.nanoTime() - t0) / 1000);
            c.ackedMsg.add(r.succeeded());
            t.acked.add(r.succeeded());
            if (r.failed() > 0) {
                c.ackErrors.record("item_failed", "ack: " + r.failed() + " of " + msgs.size() + " items failed"
                        + (r.firstError() == null ? "" : ": " + r.firstError()));
            }
        } catch (QueenException e) {
            if (!over) {
                c.ackErrors.record(e);
            }
        } catch (RuntimeException e) {
            // A batch the client cannot even build an ack for (a message without partitionId) must not end this
            // consumer: its tenant would stop draining and everything after would read as missing.
            c.ackErrors.record(ErrorKind.OTHER.label(), "ack: " + e.getMessage());
        }
    }

    /**
     * Sleeps, in slices of at most 50 ms so that a backoff of up to 1 s does not hold up {@link #stop}; true when the
     * loops were told to end (an interrupt ends them too).
     */
    private boolean sleep(long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        try {
            for (long left = millis; left > 0 && !over; left = (end - System.nanoTime()) / 1_000_000L) {
                Thread.sleep(Math.min(left, 50));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            over = true;
        }
        return over;
    }
}
