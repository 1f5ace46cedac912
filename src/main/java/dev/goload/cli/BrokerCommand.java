package dev.goload.cli;

import java.io.PrintStream;
import java.util.List;

/**
 * {@code goload broker [-port 6632] [-host 127.0.0.1] [-tenancy-header=true] [-response-delay-ms 0]
 * [-idle-timeout 0] [-proxy -tenants-file F ...]}: runs the embedded broker standalone until SIGINT/SIGTERM (a shutdown hook closes
 * it), optionally behind the proxy personality (docs/proxy.md). Go-style flags.
 */
public final class BrokerCommand {
    private final BrokerLauncher launcher;
    private final boolean installShutdownHook;

    public BrokerCommand(BrokerLauncher launcher, boolean installShutdownHook) {
        this.launcher = launcher;
        this.installShutdownHook = installShutdownHook;
    }

    public static FlagTable flags() {
        return BrokerProxyFlags.addTo(new FlagTable("goload broker")
                .intFlag("port", 6632, "TCP port to listen on (0 = a free port)")
                .string("host", "127.0.0.1", "address to bind")
                .bool("tenancy-header", true, "honour x-queen-tenant: one isolated namespace per tenant")
                .intFlag("response-delay-ms", 0, "artificial delay added to every response, in ms")
                .duration("idle-timeout", java.time.Duration.ZERO, "close a client connection idle this long (no"
                        + " request awaiting its answer), as the real broker's uWebSockets does after 10s; 0 = off"));
    }

    public int run(List<String> args, PrintStream out, PrintStream err) {
        FlagTable table = flags();
        ParsedFlags f;
        try {
            f = UsageExit.parseFlagsOnly(table, args, err, "goload broker");
        } catch (UsageExit e) {
            return e.code();
        }
        long port = f.getLong("port");
        long delay = f.getLong("response-delay-ms");
        if (port < 0 || port > 65535) {
            err.println("goload broker: -port must be in 0..65535");
            return ExitCodes.USAGE;
        }
        if (delay < 0 || delay > Integer.MAX_VALUE) {
            err.println("goload broker: -response-delay-ms must be >= 0");
            return ExitCodes.USAGE;
        }
        int idleMs;
        try {
            idleMs = LoadModeSupport.idleTimeoutMillis(f);
        } catch (IllegalArgumentException e) {
            err.println("goload broker: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        dev.goload.broker.ProxyOptions proxy;
        try {
            proxy = BrokerProxyFlags.from(f, err);
        } catch (BrokerProxyFlags.Invalid e) {
            err.println(e.getMessage());
            return ExitCodes.USAGE;
        }
        var settings = new BrokerLauncher.Settings(f.getString("host"), (int) port, f.getBool("tenancy-header"),
                (int) delay, idleMs);
        BrokerLauncher.Running broker;
        try {
            broker = launcher.start(settings, proxy);
        } catch (Exception e) {
            err.println("goload broker: cannot start: " + e.getMessage());
            return ExitCodes.SETUP;
        }
        try (broker) {
            if (installShutdownHook) {
                Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(broker::close));
            }
            out.println(BrokerLaunchers.LISTENING + broker.url() + (proxy == null ? ""
                    : " (proxy personality: " + proxy.tenants().size() + " cluster(s), "
                    + (proxy.enforce() ? "enforce" : "shadow")
                    + (proxy.upstream() == null ? "" : ", forwarding to " + proxy.upstream()) + ")"));
            out.flush();
            broker.awaitClosed();
            return ExitCodes.OK;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.OK;
        }
    }
}
