package dev.goload.modes.tenants;

import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.metrics.ErrorStats;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;

/**
 * Configures every queue of the run (goload-behavior.md §2.7): the SDK's typed create (leaseTime 60, retryLimit 3,
 * retention 3600 s, completed retention 300 s), at most {@code -provision-conc} at once, up to
 * {@value #ATTEMPTS} attempts {@value #RETRY_MS} ms apart. A queue that failed every attempt is recorded in the
 * {@code configure} error family by kind (its last failure), so the record says why.
 *
 * <p>Threading: {@link #run} from the run thread; one virtual thread per configure.
 */
final class QueueProvisioning {
    static final int ATTEMPTS = 6;
    static final long RETRY_MS = 200;
    private static final Map<String, Object> OPTIONS = Map.of("leaseTime", 60, "retryLimit", 3,
            "retentionEnabled", true, "retentionSeconds", 3600, "completedRetentionSeconds", 300);

    private final QueenClient client;
    private final RunSignal signal;
    private final NanoClock clock;
    private final ErrorStats failures;

    QueueProvisioning(QueenClient client, RunSignal signal, NanoClock clock, ErrorStats failures) {
        this.client = client;
        this.signal = signal;
        this.clock = clock;
        this.failures = failures;
    }

    /** Configures every queue of {@code ledger}; answers the note to show. */
    TenantsNote run(QueueLedger ledger, int concurrency) throws InterruptedException {
        long t0 = clock.nanoTime();
        Semaphore slots = new Semaphore(concurrency);
        LongAdder failed = new LongAdder();
        List<Thread> ts = new ArrayList<>(ledger.queues());
        for (int q = 0; q < ledger.queues(); q++) {
            String name = ledger.name(q);
            slots.acquire();
            ts.add(Thread.ofVirtual().start(() -> {
                try {
                    if (!configure(name)) failed.increment();
                } finally {
                    slots.release();
                }
            }));
        }
        for (Thread th : ts) {
            th.join();
        }
        if (failed.sum() > 0) {
            return new TenantsNote.ProvisionFailed(failed.sum(), ledger.queues());
        }
        return new TenantsNote.Provisioned(ledger.queues(), (clock.nanoTime() - t0) / 1e9);
    }

    private boolean configure(String name) {
        for (int a = 1; ; a++) {
            try {
                client.configure(name, OPTIONS, false);
                return true;
            } catch (RuntimeException e) {
                if (a >= ATTEMPTS || signal.pause(RETRY_MS)) {
                    if (e instanceof QueenException qe) dev.goload.modes.Errors.record(failures, qe);
                    else failures.record("other", String.valueOf(e));
                    return false;
                }
            }
        }
    }
}
