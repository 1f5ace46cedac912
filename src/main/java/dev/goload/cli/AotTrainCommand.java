package dev.goload.cli;

import dev.goload.endpoint.FixedEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code goload aot-train} (hidden; scripts/goload runs it): the training run of the launcher's JDK 25 AOT cache
 * ({@code -XX:AOTCacheOutput=target/goload.aot}). The JVM records which classes this run loads and links and the
 * profiles of the methods it runs hot, so that a later run with {@code -XX:AOTCache} starts with them loaded,
 * linked and profiled instead of spending its first seconds interpreting. The cache is only as good as the paths
 * trained, so this runs the real modes through {@link Main#run} on the real hot paths — open-loop pushes of 100
 * and of 1 message, pops with manual ack and with autoAck, and a small verifying {@code cloud} run — against
 * in-process servers on loopback only: two {@link FixedEndpoint}s (100 and 1 result items per push answer, as
 * scripts/bench's) and the embedded broker. Each run's artifacts go to a temporary directory, removed at the end.
 *
 * <p>{@code -paths load} trains the openloop and max runs only (no cloud, no embedded broker): the launcher's cache
 * for those modes against a broker, which then maps ~4 MB fewer classes and profiles (every class in a JDK 25 AOT
 * cache is loaded at start, and the whole mapping is resident; docs/launcher.md, "AOT cache", figures in commit
 * 0b717f6's message).
 *
 * <p>Output: nothing on success (the runs' own lines are captured); on a failed run, its name and the tail of its
 * output on stderr, and exit 1 — the launcher then keeps no cache and runs without one.
 */
public final class AotTrainCommand {
    private AotTrainCommand() {}

    static FlagTable flags() {
        return new FlagTable("goload aot-train")
                .intFlag("sec", 2, "seconds per training run (the whole training is about 5 runs of this)")
                .string("paths", ALL, "which runs to train: all (every mode's paths) or load (openloop and max only)");
    }

    static final String ALL = "all";
    static final String LOAD = "load";

    /** One training run: a name for messages and the goload arguments (without -url/-out). */
    record Step(String name, List<String> args) {}

    /**
     * The training runs of {@code paths} ({@link #ALL} or {@link #LOAD}: the same without the cloud run) against the
     * endpoints at {@code batch100Url} / {@code batch1Url}, {@code sec} s each.
     */
    static List<Step> steps(String batch100Url, String batch1Url, int sec, String paths) {
        List<Step> all = allSteps(batch100Url, batch1Url, sec);
        return paths.equals(LOAD) ? all.subList(0, 4) : all;
    }

    private static List<Step> allSteps(String batch100Url, String batch1Url, int sec) {
        String d = Integer.toString(sec);
        return List.of(
                new Step("openloop push-batch 100", List.of("-mode", "openloop", "-url", batch100Url, "-rate", "200000",
                        "-push-batch", "100", "-payload", "256", "-consumers", "0", "-ramp-sec", "0", "-duration", d,
                        "-report", "1")),
                new Step("openloop push-batch 1", List.of("-mode", "openloop", "-url", batch1Url, "-rate", "5000",
                        "-push-batch", "1", "-payload", "256", "-consumers", "0", "-duration", d, "-report", "1")),
                new Step("max manual-ack", List.of("-mode", "max", "-url", batch100Url, "-producers", "0",
                        "-consumers", "2", "-manual-ack", "-pop-batch", "500", "-payload", "256", "-duration", d,
                        "-report", "1")),
                new Step("max autoAck", List.of("-mode", "max", "-url", batch100Url, "-producers", "0",
                        "-consumers", "2", "-pop-batch", "500", "-payload", "256", "-duration", d, "-report", "1")),
                new Step("cloud embedded broker", List.of("-mode", "cloud", "-embedded", "-target", "broker",
                        "-tenants", "4", "-partitions", "8", "-consumers-per-tenant", "4", "-pop-batch", "50",
                        "-rate", "3000", "-duration", d, "-drain", "2", "-report", "1",
                        // a training judges nothing: a short run on a busy machine may end with messages in flight
                        "-fail-on-verify=false")));
    }

    public static int run(List<String> args, PrintStream out, PrintStream err) {
        ParsedFlags f;
        try {
            f = UsageExit.parseFlagsOnly(flags(), args, err, "goload aot-train");
        } catch (UsageExit e) {
            return e.code();
        }
        int sec = f.getInt("sec");
        if (sec < 1) {
            err.println("goload aot-train: -sec must be >= 1");
            return ExitCodes.USAGE;
        }
        String paths = f.getString("paths");
        if (!paths.equals(ALL) && !paths.equals(LOAD)) {
            err.println("goload aot-train: -paths must be all or load, not " + paths);
            return ExitCodes.USAGE;
        }
        Path work = null;
        try (FixedEndpoint.Serving e100 = endpoint(100); FixedEndpoint.Serving e1 = endpoint(1)) {
            work = Files.createTempDirectory("goload-aot-train");
            String url100 = "http://127.0.0.1:" + e100.port();
            String url1 = "http://127.0.0.1:" + e1.port();
            int i = 0;
            for (Step step : steps(url100, url1, sec, paths)) {
                List<String> argv = new ArrayList<>(step.args());
                argv.addAll(List.of("-out", work.resolve("run-" + i++).toString()));
                int code = quietly(step, argv, err);
                if (code != ExitCodes.OK) return ExitCodes.SETUP;
            }
            return ExitCodes.OK;
        } catch (IOException | RuntimeException e) {
            err.println("goload aot-train: " + e);
            return ExitCodes.SETUP;
        } finally {
            if (work != null) deleteTree(work);
        }
    }

    /**
     * A fixed endpoint on a free loopback port answering every push with {@code pushItems} results, stopped when the
     * training ends (the command also runs inside test JVMs, which must not keep its servers).
     */
    private static FixedEndpoint.Serving endpoint(int pushItems) throws IOException {
        return FixedEndpoint.of(pushItems, 500, 500, 256, false).start(new InetSocketAddress("127.0.0.1", 0), 1);
    }

    /** Runs one step with its output captured; on failure prints the step and the output's tail to {@code err}. */
    private static int quietly(Step step, List<String> argv, PrintStream err) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int code;
        try (PrintStream sink = new PrintStream(captured, true, StandardCharsets.UTF_8)) {
            code = Main.run(argv.toArray(String[]::new), sink, sink, ModeRegistry.standard(),
                    BrokerLaunchers.embedded(), false);
        }
        if (code != ExitCodes.OK) {
            String text = captured.toString(StandardCharsets.UTF_8);
            err.println("goload aot-train: " + step.name() + " exited " + code + "; its last output:");
            err.print(text.substring(Math.max(0, text.length() - 2000)));
        }
        return code;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is not worth failing the training for
        }
    }
}
