package dev.goload.cli;

import dev.goload.modes.RunSignal;

import java.util.ArrayList;
import java.util.List;

/**
 * Routes SIGINT/SIGTERM to a run for as long as it lasts, so that each signal can cut one phase (the cloud
 * reference: the first signal stops the producers, the next cuts the drain) instead of ending the JVM at once. A
 * signal the run declines (returns false) goes to the previous handler — the JVM's own, which exits through the
 * shutdown hooks. {@link #close()} restores the previous handlers.
 *
 * <p>Uses {@code sun.misc.Signal} (module {@code jdk.unsupported}); where it is unavailable, falls back to a
 * shutdown hook that calls the handler once and waits for the run to finish writing its artifacts.
 */
final class SignalHooks implements AutoCloseable {
    /** Returns whether the signal was consumed. */
    interface Handler {
        boolean onSignal();
    }

    private final List<Runnable> restore = new ArrayList<>();
    private final java.util.concurrent.CountDownLatch done;

    /**
     * The handler of every mode that runs one {@link RunSignal}: the first SIGINT/SIGTERM stops the run (printing
     * the reference's {@code \n[signal] stopping...}) and the run ends normally — final lines, verdict and
     * artifacts written, exit code its own (the reference exits 0 after a signal, not 128+signo). A second
     * signal is not consumed: the JVM exits at once, for the user who insists.
     */
    static SignalHooks stopping(RunSignal signal, java.io.PrintStream out) {
        java.util.concurrent.atomic.AtomicInteger seen = new java.util.concurrent.atomic.AtomicInteger();
        return new SignalHooks(() -> {
            if (seen.incrementAndGet() > 1) {
                return false;
            }
            if (signal.stop("signal")) {
                out.println();
                out.println("[signal] stopping...");
            }
            return true;
        });
    }

    SignalHooks(Handler handler) {
        this(handler, new java.util.concurrent.CountDownLatch(1));
    }

    SignalHooks(Handler handler, java.util.concurrent.CountDownLatch done) {
        this.done = done;
        boolean installed = false;
        try {
            for (String name : new String[] {"INT", "TERM"}) {
                sun.misc.Signal sig = new sun.misc.Signal(name);
                sun.misc.SignalHandler[] prev = new sun.misc.SignalHandler[1];
                prev[0] = sun.misc.Signal.handle(sig, s -> {
                    if (handler.onSignal()) {
                        return;
                    }
                    sun.misc.SignalHandler p = prev[0];
                    if (p == sun.misc.SignalHandler.SIG_IGN) {
                        return;
                    }
                    if (p == null || p == sun.misc.SignalHandler.SIG_DFL) {
                        Runtime.getRuntime().exit(128 + s.getNumber());
                    } else {
                        p.handle(s);
                    }
                });
                restore.add(() -> sun.misc.Signal.handle(sig, prev[0]));
            }
            installed = true;
        } catch (Throwable e) {
            restore.forEach(Runnable::run);
            restore.clear();
        }
        if (!installed) {
            Thread hook = new Thread(() -> {
                handler.onSignal();
                try {
                    done.await(60, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "goload-signal");
            Runtime.getRuntime().addShutdownHook(hook);
            restore.add(() -> {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running; it waits on 'done'
                }
            });
        }
    }

    @Override
    public void close() {
        done.countDown();
        restore.forEach(Runnable::run);
        restore.clear();
    }
}
