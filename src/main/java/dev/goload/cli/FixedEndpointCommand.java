package dev.goload.cli;

import dev.goload.bench.FixedEndpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The command line of the benchmark's fixed endpoint ({@link FixedEndpoint}), its own JVM in {@code scripts/bench}:
 * {@code java -cp target/goload.jar dev.goload.cli.FixedEndpointCommand -port 0}. It prints
 * {@code fixed endpoint listening on http://host:port} and serves until killed. Flags are parsed here, so
 * {@code bench} knows nothing of the command line.
 */
public final class FixedEndpointCommand {
    private FixedEndpointCommand() {}

    static FlagTable flags() {
        return new FlagTable("dev.goload.cli.FixedEndpointCommand")
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

    public static void main(String[] args) {
        int code = run(List.of(args), System.out, System.err);
        if (code != ExitCodes.OK) System.exit(code);
    }

    /** Starts serving and returns OK (the server's threads keep the JVM alive), or a usage/setup exit code. */
    static int run(List<String> args, PrintStream out, PrintStream err) {
        ParsedFlags f;
        try {
            f = UsageExit.parseFlagsOnly(flags(), args, err, "fixed endpoint");
        } catch (UsageExit e) {
            return e.code();
        }
        int port = f.getInt("port");
        int threads = f.getInt("threads");
        if (port < 0 || port > 65535 || threads < 1 || f.getInt("push-items") < 0 || f.getInt("pop-messages") < 0
                || f.getInt("ack-items") < 0 || f.getInt("payload") < 0) {
            err.println("fixed endpoint: -port must be in 0..65535, -threads >= 1 and every count >= 0");
            return ExitCodes.USAGE;
        }
        String shape = f.getString("push-answer");
        if (!shape.equals("genb") && !shape.equals("full")) {
            err.println("fixed endpoint: -push-answer must be genb or full");
            return ExitCodes.USAGE;
        }
        FixedEndpoint endpoint = FixedEndpoint.of(f.getInt("push-items"), f.getInt("pop-messages"),
                f.getInt("ack-items"), f.getInt("payload"), shape.equals("full"));
        try {
            int bound = endpoint.listen(new InetSocketAddress(f.getString("host"), port), threads);
            out.println("fixed endpoint listening on http://" + f.getString("host") + ":" + bound);
            out.flush();
            return ExitCodes.OK;
        } catch (IOException | RuntimeException e) {
            err.println("fixed endpoint: cannot start: " + e.getMessage());
            return ExitCodes.SETUP;
        }
    }
}
