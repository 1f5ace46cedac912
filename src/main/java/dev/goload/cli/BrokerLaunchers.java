package dev.goload.cli;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.broker.ProxyOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The production {@link BrokerLauncher}s: the in-process broker of {@code dev.goload.broker}, and the same broker
 * in a child JVM ({@code goload broker -port 0} from this process's own class path) for runs whose sockets do not
 * fit one process's file-descriptor limit ({@link FdBudget}).
 */
final class BrokerLaunchers {
    /** How {@link BrokerCommand}'s stdout line with the URL starts (read here from the child; scripts read it too). */
    static final String LISTENING = "goload broker listening on ";
    private static final long CHILD_START_SECONDS = 60;

    private BrokerLaunchers() {}

    static BrokerLauncher embedded() {
        return new BrokerLauncher() {
            @Override
            public Running start(Settings settings) {
                return start(settings, null);
            }

            @Override
            public Running start(Settings settings, ProxyOptions proxy, FdBudget budget) throws Exception {
                if (proxy != null || budget.placement() == FdBudget.Placement.IN_PROCESS) return start(settings, proxy);
                Forked child = forked(settings);
                String note = "broker in its own JVM (pid " + child.pid() + "): " + budget.childReason();
                return new Running() {
                    @Override public String url() { return child.url(); }
                    @Override public int port() { return child.port(); }
                    @Override public void awaitClosed() throws InterruptedException { child.awaitClosed(); }
                    @Override public void close() { child.close(); }
                    @Override public String placementNote() { return note; }
                };
            }

            @Override
            public Running start(Settings settings, ProxyOptions proxy) {
                EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults()
                        .withHost(settings.host())
                        .withPort(settings.port())
                        .withTenancyHeader(settings.tenancyHeader())
                        .withResponseDelayMillis(settings.responseDelayMs())
                        .withIdleTimeoutMillis(settings.idleTimeoutMs()), proxy);
                return new Running() {
                    @Override public String url() { return broker.url(); }
                    @Override public int port() { return broker.port(); }
                    @Override public void awaitClosed() throws InterruptedException { broker.awaitClose(); }
                    @Override public void close() { broker.close(); }
                };
            }
        };
    }

    /** A started child-JVM broker; {@link #pid()} names it in the loader's note. */
    interface Forked extends BrokerLauncher.Running {
        long pid();
    }

    /**
     * Starts {@code goload broker} in a child JVM and returns once it prints its listening line. The child is
     * killed on {@link BrokerLauncher.Running#close()} and, should the loader exit without closing it, by a
     * shutdown hook. Its stderr goes to ours. No proxy personality (the fd-heavy modes use none).
     */
    static Forked forked(BrokerLauncher.Settings s) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", // as the jar's manifest grants (metrics.ProcessCpuClock)
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "broker",
                "-host", s.host(), "-port", Integer.toString(s.port()), "-tenancy-header=" + s.tenancyHeader(),
                "-response-delay-ms", Integer.toString(s.responseDelayMs()),
                "-idle-timeout", s.idleTimeoutMs() + "ms"));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Thread hook = Thread.ofPlatform().unstarted(() -> stop(p));
        Runtime.getRuntime().addShutdownHook(hook);
        BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> url = CompletableFuture.supplyAsync(() -> listeningUrl(lines),
                r -> Thread.ofVirtual().start(r));
        String u;
        try {
            u = url.get(CHILD_START_SECONDS, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            u = null;
        }
        if (u == null) {
            stop(p);
            removeHook(hook);
            throw new IOException("the broker's child JVM did not start (exit " + (p.isAlive() ? "none" : p.exitValue())
                    + "): " + String.join(" ", cmd.subList(3, cmd.size())));
        }
        // keep the pipe drained: a child blocked on a full stdout would stop answering
        Thread.ofVirtual().start(() -> listeningUrl(lines));
        String base = u;
        int port = Integer.parseInt(base.substring(base.lastIndexOf(':') + 1));
        return new Forked() {
            @Override public String url() { return base; }
            @Override public int port() { return port; }
            @Override public long pid() { return p.pid(); }
            @Override public void awaitClosed() throws InterruptedException { p.waitFor(); }
            @Override public void close() {
                stop(p);
                removeHook(hook);
            }
        };
    }

    /** The URL of the first listening line, or null at EOF; reads (and drops) the other lines. */
    private static String listeningUrl(BufferedReader lines) {
        try {
            for (String l; (l = lines.readLine()) != null; ) {
                if (l.startsWith(LISTENING)) {
                    String rest = l.substring(LISTENING.length());
                    int space = rest.indexOf(' ');
                    return space < 0 ? rest : rest.substring(0, space);
                }
            }
        } catch (IOException e) {
            // the child is gone
        }
        return null;
    }

    /** SIGTERM (the child's own hook closes its broker), then SIGKILL after 5 s. */
    private static void stop(Process p) {
        if (!p.isAlive()) return;
        p.destroy();
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it stops the child
        }
    }
}
