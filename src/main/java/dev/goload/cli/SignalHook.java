package dev.goload.cli;

import dev.goload.modes.RunSignal;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * SIGINT/SIGTERM handling for a run that is not a {@code LoadRun}: while installed, a signal stops the
 * {@link RunSignal} (printing the reference's {@code \n[signal] stopping...}) and holds the JVM's shutdown for up to
 * 30 s until {@link #close()} — so the final lines, the verdict and the artifacts are still written.
 *
 * <p>Use with try-with-resources on the thread that runs the engine.
 */
final class SignalHook implements AutoCloseable {
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread hook;

    SignalHook(RunSignal signal, PrintStream out) {
        hook = new Thread(() -> {
            if (signal.stop("signal")) {
                out.println();
                out.println("[signal] stopping...");
            }
            try {
                done.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "goload-signal");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    @Override
    public void close() {
        done.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook is waiting on 'done', released above
        }
    }
}
