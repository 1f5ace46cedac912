package dev.goload.modes.cm;

import dev.goload.modes.RunSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The {@code cm} warm-up (goload-behavior.md §2.6): seq 0 for every property on both flows (≤ {@code conc} pushes
 * in flight per flow, up to 41 attempts 250 ms apart per property), then wait until every stage has applied seq 0
 * of every property (per property, not totals), at most 4 minutes.
 *
 * <p>Runs on the caller's thread; pushes on virtual threads.
 */
final class CmWarmup {
    static final int ATTEMPTS = 41;
    static final long DRAIN_MILLIS = 240_000;

    private CmWarmup() {}

    /**
     * @param notes receives the warm-up's progress ({@link CmNote.WarmupStart}, {@link CmNote.WarmupIngressDone},
     *              {@link CmNote.WarmupComplete})
     * @return null when complete, else the failure line (the run then exits as a setup failure)
     */
    static String run(List<OrderedPushers> flows, int conc, WarmTracker warm, RunSignal signal,
                      Consumer<? super CmNote> notes) throws InterruptedException {
        int props = flows.getFirst().properties();
        notes.accept(new CmNote.WarmupStart(props, conc));
        long t0 = System.nanoTime();
        List<Thread> flowThreads = new ArrayList<>();
        String[] failure = new String[flows.size()];
        for (int f = 0; f < flows.size(); f++) {
            OrderedPushers p = flows.get(f);
            int idx = f;
            flowThreads.add(Thread.ofVirtual().start(() -> failure[idx] = ingress(p, conc, signal)));
        }
        for (Thread t : flowThreads) t.join();
        for (String s : failure) if (s != null) return "[warmup] FAILED: " + s;
        if (signal.isStopping()) return "[warmup] interrupted";
        notes.accept(new CmNote.WarmupIngressDone((System.nanoTime() - t0) / 1e9));
        long deadline = System.nanoTime() + DRAIN_MILLIS * 1_000_000L;
        while (!warm.complete()) {
            if (signal.isStopping()) return "[warmup] interrupted";
            if (System.nanoTime() > deadline) {
                return String.format(Locale.ROOT, "[warmup] DRAIN TIMEOUT: db=%d/%d cal=%d/%d ota=%d/%d otap=%d/%d",
                        warm.distinct(0), props, warm.distinct(6), props, sum(warm, 1, 5), 5 * props,
                        sum(warm, 7, 11), 5 * props);
            }
            signal.pause(20);
        }
        notes.accept(new CmNote.WarmupComplete((System.nanoTime() - t0) / 1e9));
        return null;
    }

    private static int sum(WarmTracker w, int from, int to) {
        int n = 0;
        for (int i = from; i <= to; i++) n += w.distinct(i);
        return n;
    }

    /** Pushes seq 0 to every property of one flow; returns the failure text or null. */
    private static String ingress(OrderedPushers p, int conc, RunSignal signal) {
        Semaphore slots = new Semaphore(conc);
        AtomicInteger failed = new AtomicInteger();
        List<Thread> tasks = new ArrayList<>();
        try {
            for (int prop = 0; prop < p.properties() && !signal.isStopping(); prop++) {
                slots.acquire();
                int pr = prop;
                tasks.add(Thread.ofVirtual().start(() -> {
                    try {
                        for (int a = 0; a < ATTEMPTS; a++) {
                            if (a > 0 && signal.pause(250)) break;
                            if (p.warmAttempt(pr)) return;
                        }
                        // counted once per property, not per failed attempt of this loop
                        p.countFailure(signal.isStopping() ? StablePush.Outcome.STOPPED : StablePush.Outcome.GAVE_UP);
                        failed.incrementAndGet();
                    } finally {
                        slots.release();
                    }
                }));
            }
            for (Thread t : tasks) t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        return failed.get() == 0 ? null : String.format(Locale.ROOT, "warmup %s: %d/%d properties failed seq-0 push",
                p.flowName(), failed.get(), p.properties());
    }
}
