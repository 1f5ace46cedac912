package dev.goload.bench;

import dev.goload.cli.ExitCodes;
import dev.goload.cli.FlagTable;
import dev.goload.cli.ParsedFlags;
import dev.goload.cli.UsageExit;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * A Queen look-alike that answers at once with fixed bodies, so a benchmark measures the loader and not a
 * broker: {@code POST /api/v1/push} → 201 with a fixed N-item result array, {@code GET /api/v1/pop/…} → 200
 * with N messages, {@code POST /api/v1/ack/batch} → a fixed N-item success array, {@code /api/v1/ack},
 * {@code /api/v1/configure} and {@code /health} small bodies; {@code GET /bench/stats} reports its own CPU
 * time, request counts and RSS so the harness can subtract or compare the endpoint's share of the machine.
 *
 * <p>Run as its own JVM: {@code java -cp target/goload.jar dev.goload.bench.FixedEndpoint -port 0}; it prints
 * {@code fixed endpoint listening on http://host:port} and serves until killed. The push and ack answers do
 * not depend on the request, so the loader's {@code -push-batch} must equal {@code -push-items} and its pop
 * batch {@code -ack-items}, or every item is (correctly) reported failed.
 *
 * <p>Threading: {@link NioHttpServer}'s selector threads ({@code -threads}) call {@link #answer}, which is
 * stateless apart from {@link LongAdder} counters. Request bodies are discarded as they arrive, unparsed.
 */
public final class FixedEndpoint {
    private final FixedBodies bodies;
    private final LongAdder push = new LongAdder();
    private final LongAdder pop = new LongAdder();
    private final LongAdder ack = new LongAdder();
    private final LongAdder other = new LongAdder();
    private final ByteBuffer pushAnswer;
    private final ByteBuffer popAnswer;
    private final ByteBuffer ackBatchAnswer;
    private final ByteBuffer ackOneAnswer;
    private final ByteBuffer configureAnswer;
    private final ByteBuffer healthAnswer;
    private final ByteBuffer notFoundAnswer;

    FixedEndpoint(FixedBodies bodies) {
        this.bodies = bodies;
        this.pushAnswer = NioHttpServer.response(201, "Created", bodies.push);
        this.popAnswer = NioHttpServer.response(200, "OK", bodies.pop);
        this.ackBatchAnswer = NioHttpServer.response(200, "OK", bodies.ackBatch);
        this.ackOneAnswer = NioHttpServer.response(200, "OK", bodies.ackOne);
        this.configureAnswer = NioHttpServer.response(201, "Created", bodies.configure);
        this.healthAnswer = NioHttpServer.response(200, "OK", bodies.health);
        this.notFoundAnswer = NioHttpServer.response(404, "Not Found", bodies.notFound);
    }

    static FlagTable flags() {
        return new FlagTable("dev.goload.bench.FixedEndpoint")
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
        FlagTable table = flags();
        ParsedFlags f;
        try {
            f = UsageExit.parseFlagsOnly(table, args, err, "fixed endpoint");
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
        FixedEndpoint endpoint = new FixedEndpoint(new FixedBodies(f.getInt("push-items"), f.getInt("pop-messages"),
                f.getInt("ack-items"), f.getInt("payload"),
                shape.equals("full") ? FixedBodies.PushAnswer.FULL : FixedBodies.PushAnswer.GENB));
        try {
            NioHttpServer server = endpoint.serve(new InetSocketAddress(f.getString("host"), port), threads);
            out.println("fixed endpoint listening on http://" + f.getString("host") + ":" + server.port());
            out.flush();
            return ExitCodes.OK;
        } catch (IOException | RuntimeException e) {
            err.println("fixed endpoint: cannot start: " + e.getMessage());
            return ExitCodes.SETUP;
        }
    }

    /** Starts serving on {@code bind}; close the returned server to stop. */
    NioHttpServer serve(InetSocketAddress bind, int threads) throws IOException {
        NioHttpServer server = new NioHttpServer(bind, threads, this::answer);
        server.start();
        return server;
    }

    private ByteBuffer answer(String method, String path) {
        if (method.equals("POST") && path.equals("/api/v1/push")) {
            push.increment();
            return pushAnswer;
        }
        if (method.equals("GET") && path.startsWith("/api/v1/pop/")) {
            pop.increment();
            return popAnswer;
        }
        if (method.equals("POST") && path.equals("/api/v1/ack/batch")) {
            ack.increment();
            return ackBatchAnswer;
        }
        if (path.equals("/bench/stats")) {
            return NioHttpServer.response(200, "OK", stats().getBytes(StandardCharsets.US_ASCII));
        }
        other.increment();
        if (method.equals("POST") && path.equals("/api/v1/ack")) return ackOneAnswer;
        if (method.equals("POST") && path.equals("/api/v1/configure")) return configureAnswer;
        if (path.equals("/health")) return healthAnswer;
        return notFoundAnswer;
    }

    /** The endpoint's own resource use, for the harness's ratios. */
    String stats() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return "{\"cpuNanos\":" + os.getProcessCpuTime() + ",\"push\":" + push.sum() + ",\"pop\":" + pop.sum()
                + ",\"ack\":" + ack.sum() + ",\"other\":" + other.sum()
                + ",\"pushBodyBytes\":" + bodies.push.length + ",\"popBodyBytes\":" + bodies.pop.length
                + ",\"ackBodyBytes\":" + bodies.ackBatch.length + "}";
    }
}
