package dev.goload.modes.app;

import dev.goload.client.AckItem;
import dev.goload.client.AckResult;
import dev.goload.client.ErrorKind;
import dev.goload.client.Message;
import dev.goload.client.PushItem;
import dev.goload.client.QueenException;
import dev.goload.client.TransactionResult;
import dev.goload.config.AppConfig;
import dev.goload.modes.consume.RunTally;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Completes one processed batch of a consumer, in the reference's order (goload-behavior.md §2.8): on the primary
 * group {@code cg0}, each completed message with probability {@code tx-pct} as an atomic transaction (ack + push of
 * one message to the stage-2 queue, same partition name, the lease required), falling back to the plain ack when the
 * transaction fails; then one batch ack {@code completed}; then one batch ack {@code failed} (the broker redelivers
 * the partition's batch, or dead-letters the message past {@code retryLimit} — counted from the answer's
 * {@code dlq}).
 *
 * <p>The processed rows of {@code cg<g>.tsv} were written before (see {@link DeliveryFeed}); this writes each
 * message's ack outcome to {@code ack-cg<g>.tsv}, stamped with the time the answer arrived (§8.2 #19a). Settled
 * messages are counted per partition: a successful {@code failed} ack that redelivers undoes the completions of
 * that partition's part of the batch (see {@link AppCounters}).
 *
 * <p>Threading: confined to its consumer's thread.
 */
final class BatchCompleter {
    private final AppContext ctx;
    private final int group;
    private final String groupName;
    private final SplittableRandom random;
    /** The common ack counts (the consumer's pops are counted by its loop). */
    private final RunTally tally;
    /** This batch's ack outcomes, written in delivery order once every answer is in (see {@link #complete}). */
    private final Map<Delivery, Row> rows = new java.util.IdentityHashMap<>();

    private record Row(long ackNs, String status) {}

    BatchCompleter(AppContext ctx, int group, SplittableRandom random) {
        this.ctx = ctx;
        this.group = group;
        this.groupName = AppConfig.groupName(group);
        this.tally = new RunTally(ctx.run(), ctx.recorders());
        this.random = random;
    }

    void complete(List<Delivery> batch) {
        List<Delivery> plain = new ArrayList<>();
        List<Delivery> failed = new ArrayList<>();
        Map<String, long[]> completedByPartition = new HashMap<>();
        double txPct = group == 0 ? ctx.cfg().reliab().txPct() : 0;
        for (Delivery d : batch) {
            if (d.fail()) {
                failed.add(d);
            } else if (!d.foreign() && txPct > 0 && random.nextDouble() * 100 < txPct) {
                if (!transact(d)) plain.add(d);
                else completedByPartition.computeIfAbsent(d.partition(), k -> new long[1])[0]++;
            } else {
                plain.add(d);
            }
        }
        ackCompleted(plain, completedByPartition);
        Set<String> redelivered = ackFailed(failed);
        long settled = 0;
        for (var e : completedByPartition.entrySet()) {
            if (!redelivered.contains(e.getKey())) settled += e.getValue()[0];
        }
        ctx.counters().settled[group].add(settled);
        writeRows(batch);
    }

    /** A batch's outcomes go out in delivery order, not in the order its answers (transactions, acks) came. */
    private void writeRows(List<Delivery> batch) {
        RawLogs logs = ctx.rawLogs();
        try {
            if (logs == null) return;
            for (Delivery d : batch) {
                Row r = rows.get(d);
                if (r != null) logs.ackRow(group, r.ackNs(), d.partition(), d.stamp().seq(), d.message().retryCount(), r.status());
            }
        } finally {
            rows.clear();
        }
    }

    /** One ack+push transaction; true when it committed. */
    private boolean transact(Delivery d) {
        Message m = d.message();
        byte[] body = AppPayload.stage2(ctx.epoch().epochNanos());
        List<String> leases = m.leaseId() == null || m.leaseId().isEmpty() ? List.of() : List.of(m.leaseId());
        try {
            TransactionResult r = ctx.client().transaction(List.of(AckItem.completed(m)),
                    List.of(PushItem.of(ctx.cfg().topo().stage2Queue(), m.partition(), body)), leases, groupName);
            if (!r.success()) {
                ctx.counters().txErr.increment();
                return false;
            }
        } catch (QueenException e) {
            if (!(ctx.signal().isStopping() && e.kind() == ErrorKind.CANCELED)) ctx.counters().txErr.increment();
            return false;
        }
        long now = ctx.epoch().epochNanos();
        ctx.run().acked.increment();
        ctx.counters().txCommits.increment();
        ctx.counters().stage2Pushed.increment();
        completedOk(d, now);
        return true;
    }

    private void completedOk(Delivery d, long ackNs) {
        ctx.counters().completed[group].increment();
        if (d.stamp().pushTs() > 0) ctx.recorders().e2e.record((ackNs - d.stamp().pushTs()) / 1000);
        row(d, ackNs, "ok");
    }

    private void ackCompleted(List<Delivery> plain, Map<String, long[]> completedByPartition) {
        if (plain.isEmpty()) return;
        List<AckItem> items = new ArrayList<>(plain.size());
        for (Delivery d : plain) items.add(AckItem.completed(d.message()));
        AckResult r = ack(items);
        long now = ctx.epoch().epochNanos();
        for (int i = 0; i < plain.size(); i++) {
            Delivery d = plain.get(i);
            boolean ok = r != null && r.itemSuccess()[i];
            if (d.foreign()) continue;
            if (ok) {
                completedOk(d, now);
                completedByPartition.computeIfAbsent(d.partition(), k -> new long[1])[0]++;
            } else {
                row(d, now, "ackerr");
            }
        }
    }

    /** Acks the failed messages; returns the partitions the broker will redeliver. */
    private Set<String> ackFailed(List<Delivery> failed) {
        Set<String> redelivered = new HashSet<>();
        if (failed.isEmpty()) return redelivered;
        List<AckItem> items = new ArrayList<>(failed.size());
        for (Delivery d : failed) {
            items.add(AckItem.failed(d.message(), d.stamp().poison() ? "poison message" : "simulated failure"));
        }
        AckResult r = ack(items);
        long now = ctx.epoch().epochNanos();
        for (int i = 0; i < failed.size(); i++) {
            Delivery d = failed.get(i);
            boolean poison = d.stamp().poison();
            if (r == null || !r.itemSuccess()[i]) {
                row(d, now, "ackerr");
            } else if (r.itemDlq()[i]) {
                ctx.counters().failed[group].increment();
                ctx.counters().deadLettered[group].increment();
                ctx.counters().settled[group].increment();
                row(d, now, poison ? "poison" : "dlq");
            } else {
                ctx.counters().failed[group].increment();
                redelivered.add(d.partition());
                row(d, now, poison ? "poison" : "fail");
            }
        }
        return redelivered;
    }

    /**
     * One ack call, counted in the common vocabulary ({@link RunTally}: calls, durations, the {@code ack} recorder,
     * acked and not-acked messages, kinds; a call the run's stop cancelled only as cancelled) and, when it left any
     * message not acked, once in {@code ackErrCalls} (the reference's per-call ackErr). Null when the call failed or
     * was cancelled.
     */
    private AckResult ack(List<AckItem> items) {
        long t0 = ctx.clock().nanoTime();
        try {
            AckResult r = ctx.client().ack(items, groupName);
            tally.answered(items.size(), r, (ctx.clock().nanoTime() - t0) / 1000);
            if (r.succeeded() != items.size()) ctx.counters().ackErrCalls.increment();
            return r;
        } catch (QueenException e) {
            long micros = (ctx.clock().nanoTime() - t0) / 1000;
            if (QueenException.classify(e) == ErrorKind.CANCELED) {
                tally.canceled(items.size(), micros);
            } else {
                tally.failed(items.size(), e, micros);
                ctx.counters().ackErrCalls.increment();
            }
            return null;
        }
    }

    private void row(Delivery d, long ackNs, String status) {
        if (ctx.rawLogs() != null) rows.put(d, new Row(ackNs, status));
    }
}
