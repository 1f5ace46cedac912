package dev.goload.modes.app;

import dev.goload.config.AppConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The background tasks of an {@code app} run (goload-behavior.md §2.8): the periodic burst (rate × {@code -burst-mult}
 * for {@code -burst-for} every {@code -burst-every}), the session churn (every minute rotate
 * max(1, churn·sessions) sessions) and, with {@code -producer-seconds}, stopping the producers and ending the run once
 * consumption has made no progress for {@code -drain-quiet} seconds (checked every 2 s).
 *
 * <p>What they have to say goes to {@code notes} ({@link AppNote}); they print nothing.
 *
 * <p>Threading: each task is one virtual thread that sleeps through {@link AppContext#pause}, so all of them end as
 * soon as the run stops.
 */
final class AppSchedules {
    private final AppContext ctx;
    private final Consumer<? super AppNote> notes;
    private final List<Thread> threads = new ArrayList<>();

    AppSchedules(AppContext ctx, Consumer<? super AppNote> notes) {
        this.ctx = ctx;
        this.notes = notes;
    }

    void start() {
        AppConfig cfg = ctx.cfg();
        if (cfg.load().burstMult() != 1.0 && cfg.load().targetRate() > 0) {
            threads.add(Thread.ofVirtual().name("goload-app-burst").start(this::bursts));
        }
        if (cfg.topo().churnPerMinute() > 0) {
            threads.add(Thread.ofVirtual().name("goload-app-churn").start(this::churn));
        }
        if (cfg.run().producerSeconds() > 0) {
            threads.add(Thread.ofVirtual().name("goload-app-drain").start(this::drain));
        }
    }

    private void bursts() {
        AppConfig.Load l = ctx.cfg().load();
        long every = l.burstEvery().toMillis();
        long length = Math.min(l.burstFor().toMillis(), every);
        while (!ctx.pause(every - length)) {
            ctx.setRateMultiplier(l.burstMult());
            notes.accept(new AppNote.BurstStart(now(), l.burstMult(), l.burstFor()));
            boolean stopped = ctx.pause(length);
            ctx.setRateMultiplier(1.0);
            if (stopped) return;
            notes.accept(new AppNote.BurstOver(now()));
        }
    }

    private void churn() {
        AppConfig cfg = ctx.cfg();
        long step = Math.max(1, (long) (cfg.topo().churnPerMinute() * cfg.topo().sessions()));
        while (!ctx.pause(60_000)) {
            ctx.rotated().addAndGet(step);
        }
    }

    private void drain() {
        AppConfig.Shape r = ctx.cfg().run();
        if (ctx.pause(r.producerSeconds() * 1000L)) return;
        ctx.producersStopped().set(true);
        notes.accept(new AppNote.ProducersStopped(now(), r.producerSeconds(), r.drainQuietSeconds()));
        long last = ctx.counters().consumeProgress();
        long quietSince = ctx.clock().nanoTime();
        while (!ctx.pause(2_000)) {
            long p = ctx.counters().consumeProgress();
            long now = ctx.clock().nanoTime();
            if (p != last) {
                last = p;
                quietSince = now;
            } else if (now - quietSince >= r.drainQuietSeconds() * 1_000_000_000L) {
                notes.accept(new AppNote.Drained(now(), r.drainQuietSeconds()));
                ctx.signal().stop("drained");
                return;
            }
        }
    }

    void join(long millis) throws InterruptedException {
        AppRun.join(threads, millis);
    }

    private long now() {
        return ctx.epoch().epochNanos() / 1_000_000L;
    }
}
