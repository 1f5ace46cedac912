package dev.goload.modes.app;

import dev.goload.verify.OrderObserver;

/**
 * The one place a processed delivery goes (issue 13 part 7): the online order checker and the raw log's
 * {@code cg<g>.tsv} row are fed the same event, through the same {@link AppContext.CheckerTap}, as one step under
 * the lock of the group's file. The file is therefore exactly the checker's input in the checker's order, and the
 * offline {@code verify-order.py} and the online verdict cannot judge different sequences.
 *
 * <p>The step happens when the message has been processed, before the batch's ack is sent (as the reference
 * writes its rows): the broker releases a partition's lease only once the ack is applied, so the next batch of the
 * partition — possibly delivered to another consumer while this consumer's ack answer is still on its way — is
 * always fed after this one, whatever the ack latency.
 *
 * <p>Threading: any consumer thread; the checker is thread-safe and the raw log's lock orders the steps of a group.
 */
final class DeliveryFeed {
    private DeliveryFeed() {}

    /** One delivery of group {@code group} whose processing ended at epoch ns {@code tsNs}. */
    static void processed(AppContext ctx, int group, Delivery d, long tsNs) {
        RawLogs logs = ctx.rawLogs();
        String partition = d.partition();
        long seq = d.stamp().seq();
        int retry = d.message().retryCount();
        if (logs == null) {
            ctx.tap().observe(ctx.checker(), group, partition, seq, retry);
            return;
        }
        String status = status(d);
        OrderObserver both = (g, p, s, r) -> {
            ctx.checker().observe(g, p, s, r);
            logs.row(g, tsNs, p, s, r, status);
        };
        logs.inGroupOrder(group, () -> ctx.tap().observe(both, group, partition, seq, retry));
    }

    /** The processing outcome the reference writes: {@code poison}, {@code fail} (transient) or {@code ok}. */
    static String status(Delivery d) {
        if (d.stamp().poison()) return "poison";
        return d.fail() ? "fail" : "ok";
    }
}
