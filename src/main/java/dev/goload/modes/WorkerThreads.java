package dev.goload.modes;

/**
 * The kind of thread a mode's closed-loop workers (max producers, consumers) run on, chosen by how many there are.
 *
 * <p>A few workers ({@value #PLATFORM_MAX} or fewer: max's default is 2 producers and 2 consumers, cloud's 4 per
 * tenant) get platform threads. Each waits in a blocking socket read that the kernel wakes directly: one context
 * switch per answer. A virtual thread that waits for its answer parks instead, and the answer wakes it in three
 * hops: the poller thread sees the socket ready, hands the thread to a carrier, and a parked carrier is woken to run
 * it (measured per request in docs/benchmarks-history.md, "Per request", 2026-12-01). The one read holds on a
 * socket still in blocking mode: one the worker dialled itself ({@code Http1Connection.connect}); the JDK switches a
 * socket to non-blocking for good at its first use on a virtual thread (the warm-up's, for one), and there a read
 * that finds no data yet is read, EAGAIN, poll, read — still one wake-up by the kernel. Many workers
 * ({@code -mode tenants}: 10,000 consumers) get virtual threads: a platform thread per parked long-poll would cost
 * a stack and a kernel thread each.
 *
 * <p>Either kind ends the same way: workers stop on their run's signal, and a run's shutdown cancels their calls by
 * closing the sockets (which ends a blocked read on either kind; nothing interrupts them). Platform workers are
 * daemon threads, as virtual threads always are, so a stuck one cannot keep the process alive after the run.
 *
 * <p>Stateless.
 */
public final class WorkerThreads {
    /** Most closed-loop workers that still get platform threads. */
    public static final int PLATFORM_MAX = 16;

    private WorkerThreads() {
    }

    /** A builder for one of {@code workers} closed-loop workers. */
    public static Thread.Builder builder(int workers) {
        return workers <= PLATFORM_MAX ? Thread.ofPlatform().daemon(true) : Thread.ofVirtual();
    }
}
