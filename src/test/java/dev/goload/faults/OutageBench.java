package dev.goload.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.cli.Main;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A measurement, not a test (docs/reliability.md): the broker killed for N seconds in the middle of a run, and how
 * many calls the loader made against the dead port. An {@code openloop} (or {@code max}) run with C consumers
 * through a {@link FaultProxy} to the embedded broker; the proxy stops listening 3 s in and comes back N s later.
 * Prints one JSON line: pop and push errors, per second of outage and per consumer, and the backoffs.
 *
 * <pre>java -cp target/test-classes:target/classes:DEPS dev.goload.faults.OutageBench [openloop|max] [C] [N]</pre>
 */
public final class OutageBench {
    private OutageBench() {}

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "openloop";
        int consumers = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int outage = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        Path out = Files.createTempDirectory("outage-bench");
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults());
             FaultProxy proxy = FaultProxy.to(broker.url())) {
            Thread kill = Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(3_000);
                    proxy.kill();
                    Thread.sleep(outage * 1_000L);
                    proxy.restart();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            String[] load = mode.equals("max")
                    ? new String[] {"-producers", String.valueOf(consumers), "-retries", "0"}
                    : new String[] {"-rate", "1000", "-push-batch", "10"};
            String[] common = {"-mode", mode, "-url", proxy.url(), "-consumers", String.valueOf(consumers),
                "-partitions", "4", "-duration", String.valueOf(outage + 6), "-report", "1", "-out", out.toString(),
                "-run-id", "bench"};
            String[] all = new String[common.length + load.length];
            System.arraycopy(common, 0, all, 0, common.length);
            System.arraycopy(load, 0, all, common.length, load.length);
            PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
            int code = Main.run(all, quiet, quiet);
            kill.join();
            JsonNode c = LoadRecordInvariants.counters(new ObjectMapper().readTree(out.resolve("bench.json").toFile()));
            long popErr = c.get("popErr").asLong();
            long pushErr = c.get("pushErrReq").asLong();
            System.out.printf(Locale.ROOT, "{\"mode\":\"%s\",\"exit\":%d,\"consumers\":%d,\"outageSec\":%d,"
                            + "\"popErr\":%d,\"popErrPerSecPerConsumer\":%.1f,\"pushErr\":%d,\"pushErrPerSec\":%.1f,"
                            + "\"backoffs\":%d,\"backoffMillis\":%d,\"errorsByKind\":%s}%n", mode, code, consumers,
                    outage, popErr, popErr / (double) outage / consumers, pushErr, pushErr / (double) outage,
                    c.path("backoffs").asLong(0), c.path("backoffMillis").asLong(0), c.get("errorsByKind"));
        }
    }
}
