package dev.goload.cli;

import dev.goload.endpoint.FixedEndpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code goload endpoint [-port 0] [-push-items 100] [-pop-messages 500] [-ack-items 500] [-payload 256] [-threads 1]
 * [-push-answer genb|full]}: a fixed-response Queen endpoint ({@link FixedEndpoint}) that answers every push, pop and
 * ack at once with canned bodies, so a load run against it measures the loader alone: goload's own ceiling on this
 * machine (docs/endpoint.md). Prints {@code goload endpoint listening on http://host:port} and serves until the
 * process is stopped. Go-style flags.
 */
public final class EndpointCommand {
    static final String LISTENING = "goload endpoint listening on ";
    static final String SUMMARY = "a fixed-response Queen endpoint that answers at once: measure goload's own ceiling"
            + " (-port 0 -push-items 100 -pop-messages 500)";

    private EndpointCommand() {}

    static FlagTable flags() {
        return new FlagTable("goload endpoint")
                .intFlag("port", 0, "TCP port to listen on (0 = a free port)")
                .string("host", "127.0.0.1", "address to bind")
                .intFlag("push-items", 100, "items in every push answer (= the loader's -push-batch)")
                .intFlag("pop-messages", 500, "messages in every pop answer")
                .intFlag("ack-items", 500, "items in every ack/batch answer (= messages per pop)")
                .intFlag("payload", 256, "bytes of the \"data\" string in each popped message")
                .intFlag("threads", 1, "selector threads (connections are spread over them)")
                .string("push-answer", "genb", "push result items: genb = {\"status\",\"transactionId\"} (the campaign"
                        + " broker's contract), full = every field of both generations (the embedded broker's, ~4x bytes)");
    }

    /** Serves until the process is stopped; returns a usage or setup exit code when it cannot start. */
    static int run(List<String> args, PrintStream out, PrintStream err) {
        return run(args, out, err, serving -> { });
    }

    /**
     * As {@link #run(List, PrintStream, PrintStream)}, handing the started endpoint to {@code started} (tests close it
     * to end the command); returns {@link ExitCodes#OK} once it is closed.
     */
    static int run(List<String> args, PrintStream out, PrintStream err, Consumer<FixedEndpoint.Serving> started) {
        ParsedFlags f;
        try {
            f = UsageExit.parseFlagsOnly(flags(), args, err, "goload endpoint");
        } catch (UsageExit e) {
            return e.code();
        }
        int port = f.getInt("port");
        int threads = f.getInt("threads");
        if (port < 0 || port > 65535 || threads < 1 || f.getInt("push-items") < 0 || f.getInt("pop-messages") < 0
                || f.getInt("ack-items") < 0 || f.getInt("payload") < 0) {
            err.println("goload endpoint: -port must be in 0..65535, -threads >= 1 and every count >= 0");
            return ExitCodes.USAGE;
        }
        String shape = f.getString("push-answer");
        if (!shape.equals("genb") && !shape.equals("full")) {
            err.println("goload endpoint: -push-answer must be genb or full");
            return ExitCodes.USAGE;
        }
        FixedEndpoint endpoint = FixedEndpoint.of(f.getInt("push-items"), f.getInt("pop-messages"),
                f.getInt("ack-items"), f.getInt("payload"), shape.equals("full"));
        FixedEndpoint.Serving serving;
        try {
            serving = endpoint.start(new InetSocketAddress(f.getString("host"), port), threads);
        } catch (IOException | RuntimeException e) {
            err.println("goload endpoint: cannot start: " + e.getMessage());
            return ExitCodes.SETUP;
        }
        out.println(LISTENING + "http://" + f.getString("host") + ":" + serving.port());
        out.flush();
        started.accept(serving);
        try {
            serving.awaitClosed();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return ExitCodes.OK;
    }
}
