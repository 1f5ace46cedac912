package dev.goload.modes.app;

import dev.goload.client.LeaseExtendResult;
import dev.goload.client.QueenException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a slow batch's leases alive while it is processed: every lease/3 it extends each distinct lease id by
 * {@code -lease-time} seconds ({@code POST /api/v1/lease/{id}/extend}), counting successes as {@code leaseRenews}.
 *
 * <p>Threading: {@link #start} launches one virtual thread; {@link #close()} (from the consumer) stops it and waits
 * for an extension in flight, so no extension races the batch's acks.
 */
final class LeaseRenewer implements AutoCloseable {
    private final CountDownLatch stop = new CountDownLatch(1);
    private final Thread thread;

    private LeaseRenewer(AppContext ctx, List<String> leaseIds) {
        int seconds = ctx.cfg().reliab().leaseSeconds();
        long periodMs = Math.max(100, seconds * 1000L / 3);
        thread = Thread.ofVirtual().name("goload-app-lease").start(() -> {
            try {
                while (!stop.await(periodMs, TimeUnit.MILLISECONDS) && !ctx.signal().isStopping()) {
                    for (String id : leaseIds) {
                        extend(ctx, id, seconds);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private static void extend(AppContext ctx, String id, int seconds) {
        try {
            LeaseExtendResult r = ctx.client().extendLease(id, seconds);
            (r.success() ? ctx.counters().leaseRenews : ctx.counters().leaseRenewErr).increment();
        } catch (QueenException e) {
            if (!(ctx.signal().isStopping() && e.kind() == dev.goload.client.ErrorKind.CANCELED)) {
                ctx.counters().leaseRenewErr.increment();
            }
        }
    }

    static LeaseRenewer start(AppContext ctx, List<String> leaseIds) {
        return new LeaseRenewer(ctx, leaseIds);
    }

    @Override
    public void close() {
        stop.countDown();
        try {
            thread.join(java.time.Duration.ofSeconds(35));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
