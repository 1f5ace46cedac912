package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.metrics.LatencySummary;
import dev.goload.report.HlogFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Turns the run records that {@code scripts/bench} collected into one JSON summary (stdout). Input layout,
 * under the work directory given as the only argument: {@code push/}, {@code consume/} and
 * {@code rate-<reqPerSec>/}, each holding one goload run's artifacts plus {@code endpoint-before.json} and
 * {@code endpoint-after.json} (the fixed endpoint's {@code /bench/stats}), and {@code bench.properties}
 * (warm-up seconds, batch sizes, the command line).
 *
 * <p>Warm-up is discarded from the per-interval series and from the {@code .hlog} histograms (the first
 * {@code warmup} one-second intervals), because each loader run is a fresh JVM whose first seconds are JIT
 * compilation, not the steady state a multi-hour run lives in. Shed and error counts are taken over the whole
 * run (stricter). The {@code targets} object judges the figures by {@link BenchTargets} ({@code targets.tsv}).
 * Not thread-safe; a one-shot tool.
 */
public final class BenchSummary {
    /** A ladder step holds only with its push p99 (from the schedule, after warm-up) under this. */
    static final double HELD_PUSH_P99_MS = 10.0;

    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final Path work;
    private final Map<String, String> props = new HashMap<>();

    BenchSummary(Path work) throws IOException {
        this.work = work;
        for (String line : Files.readAllLines(work.resolve("bench.properties"))) {
            int eq = line.indexOf('=');
            if (eq > 0) props.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: BenchSummary WORK_DIR");
            System.exit(2);
        }
        BenchSummary s = new BenchSummary(Path.of(args[0]));
        System.out.println(s.json.writeValueAsString(s.summary()));
    }

    ObjectNode summary() throws IOException {
        ObjectNode out = json.createObjectNode();
        out.put("schema", "goload.bench/1");
        out.set("machine", BenchMachine.describe(json));
        out.put("command", props.getOrDefault("command", ""));
        out.put("loadAvgAtStart", props.getOrDefault("loadAvgAtStart", ""));
        out.put("warmupSecDiscarded", warmup());
        Path push = work.resolve("push");
        if (Files.isDirectory(push)) out.set("push", pushPhase(push));
        Path consume = work.resolve("consume");
        if (Files.isDirectory(consume)) out.set("consume", consumePhase(consume));
        ObjectNode floor = FloorPhase.of(json, work, out.get("push"));
        if (floor != null) out.set("floor", floor);
        okhttpBaseline(out);
        List<Path> rates = numberedDirs("rate-");
        if (!rates.isEmpty()) {
            ArrayNode ladder = out.putArray("ladder");
            double best = 0;
            for (Path d : rates) {
                ObjectNode step = ratePhase(d);
                ladder.add(step);
                if (step.path("held").asBoolean()) best = Math.max(best, step.path("offeredMsgPerSec").asDouble());
            }
            out.put("highestHeldMsgPerSec", best);
        }
        Path autoack = work.resolve("autoack");
        if (Files.isDirectory(autoack)) out.set("autoack", autoAckPhase(autoack));
        Path pushb1 = work.resolve("pushb1");
        if (Files.isDirectory(pushb1)) out.set("pushb1", pushPhase(pushb1));
        CloudBench cloud = new CloudBench(json);
        ObjectNode c = cloud.phase(work.resolve("cloud"));
        if (c != null) out.set("cloud", c);
        ArrayNode verify = json.createArrayNode();
        for (Path d : numberedDirs("verify-")) {
            ObjectNode v = cloud.phase(d);
            if (v != null) verify.add(withoutVerification(cloud, v, d));
        }
        if (!verify.isEmpty()) out.set("verify", verify);
        new RefComparison(json).add(work, props.getOrDefault("ref", ""), out);
        out.set("targets", BenchTargets.standard().judge(json, out));
        return out;
    }

    /**
     * A verify phase and, when the bench ran it, the same run with {@code -verify=false} ({@code noverify-N}) beside
     * it: the difference of their whole-process CPU per consumed message is what the verification costs.
     */
    private ObjectNode withoutVerification(CloudBench cloud, ObjectNode v, Path dir) throws IOException {
        Path cost = dir.resolve("ledger-cost.json");
        if (Files.isRegularFile(cost)) v.set("ledgerAlone", json.readTree(cost.toFile()));
        ObjectNode off = cloud.phase(work.resolve("no" + dir.getFileName()));
        if (off == null) return v;
        v.set("withoutVerification", off);
        JsonNode on = v.path("cpuMicrosPerConsumedMsg"), without = off.path("cpuMicrosPerConsumedMsg");
        // a run without GNU time's figures has none: a difference against a missing figure would be a made-up cost
        if (on.isNumber() && without.isNumber()) {
            v.put("verificationCpuMicrosPerConsumedMsg", on.asDouble() - without.asDouble());
        }
        return v;
    }

    private int warmup() {
        return Integer.parseInt(props.getOrDefault("warmup", "3"));
    }

    private ObjectNode pushPhase(Path dir) throws IOException {
        BenchRun r = BenchRun.load(dir);
        ObjectNode o = common(r, dir);
        Steady s = steady(r);
        o.put("pushedMsgsSteady", s.pushed);
        o.put("loaderCpuMicrosPerPushedMsg", s.cpuSec * 1e6 / Math.max(1, s.pushed));
        o.put("loaderCpuMicrosPerPushedMsgWholeRun",
                r.rec().path("loader").path("cpuSeconds").asDouble() * 1e6 / Math.max(1, counter(r, "pushedMsgs")));
        EndpointCpu e = EndpointCpu.of(dir, json);
        double epPerMsg = e.cpuSec * 1e6 / Math.max(1, counter(r, "pushedMsgs"));
        o.put("endpointCpuMicrosPerPushedMsg", epPerMsg);
        o.put("loaderOverEndpointCpu", o.path("loaderCpuMicrosPerPushedMsgWholeRun").asDouble() / Math.max(1e-9, epPerMsg));
        o.set("rssMBByInterval", rssSeries(r));
        o.set("wholeProcess", WholeProcess.of(json, dir, counter(r, "pushedMsgs"), counter(r, "achievedReq")));
        return o;
    }

    private ObjectNode consumePhase(Path dir) throws IOException {
        BenchRun r = BenchRun.load(dir);
        ObjectNode o = common(r, dir);
        Steady s = steady(r);
        o.put("ackedMsgsSteady", s.acked);
        o.put("ackedMsgPerSecSteady", s.acked / Math.max(1e-9, s.seconds));
        o.put("loaderCpuMicrosPerConsumedAckedMsg", s.cpuSec * 1e6 / Math.max(1, s.acked));
        EndpointCpu e = EndpointCpu.of(dir, json);
        double epPerMsg = e.cpuSec * 1e6 / Math.max(1, counter(r, "acked"));
        o.put("endpointCpuMicrosPerAckedMsg", epPerMsg);
        o.put("loaderOverEndpointCpu", r.rec().path("loader").path("cpuSeconds").asDouble() * 1e6
                / Math.max(1, counter(r, "acked")) / Math.max(1e-9, epPerMsg));
        o.put("popped", counter(r, "popped"));
        o.put("acked", counter(r, "acked"));
        o.put("ackErr", counter(r, "ackErr"));
        o.put("popErr", counter(r, "popErr"));
        o.set("wholeProcess", WholeProcess.of(json, dir, counter(r, "acked"), 0));
        return o;
    }

    /** max mode, autoAck pops (no ack calls): whole-process CPU per popped message. */
    private ObjectNode autoAckPhase(Path dir) throws IOException {
        BenchRun r = BenchRun.load(dir);
        ObjectNode o = common(r, dir);
        o.put("popped", counter(r, "popped"));
        o.put("popErr", counter(r, "popErr"));
        o.set("wholeProcess", WholeProcess.of(json, dir, counter(r, "popped"), 0));
        return o;
    }

    private ObjectNode ratePhase(Path dir) throws IOException {
        BenchRun r = BenchRun.load(dir);
        ObjectNode o = common(r, dir);
        long reqPerSec = Long.parseLong(dir.getFileName().toString().substring("rate-".length()));
        int batch = Integer.parseInt(props.getOrDefault("pushBatch", "100"));
        o.put("offeredReqPerSec", reqPerSec);
        o.put("offeredMsgPerSec", reqPerSec * batch);
        Map<String, Histogram> h = steadyHistograms(r.hlog());
        o.set("pushMsSteady", percentiles(h.get("push")));
        o.set("latenessMsSteady", percentiles(h.get("lateness")));
        Steady s = steady(r);
        o.put("achievedMsgPerSecSteady", s.pushed / Math.max(1e-9, s.seconds));
        o.put("loaderCpuMicrosPerPushedMsg", s.cpuSec * 1e6 / Math.max(1, s.pushed));
        long shed = counter(r, "shedCapReq") + counter(r, "shedBehindReq");
        double p99 = o.path("pushMsSteady").path("p99").asDouble(Double.NaN);
        boolean held = shed == 0 && counter(r, "pushErrReq") == 0 && counter(r, "achievedReq") == counter(r, "offeredReq")
                && p99 < HELD_PUSH_P99_MS;
        o.put("held", held);
        o.set("wholeProcess", WholeProcess.of(json, dir, counter(r, "pushedMsgs"), counter(r, "achievedReq")));
        return o;
    }

    private ObjectNode common(BenchRun r, Path dir) {
        ObjectNode o = json.createObjectNode();
        o.put("runRecord", work.relativize(r.file()).toString());
        o.put("durationSec", r.rec().path("durationSec").asDouble());
        JsonNode loader = r.rec().path("loader");
        o.put("loaderCpuCoresAvg", loader.path("cpuCoresAvg").asDouble());
        o.put("loaderCpuSeconds", loader.path("cpuSeconds").asDouble());
        o.put("peakRssMB", loader.path("peakRssBytes").asLong() / 1048576.0);
        o.put("gcPauses", loader.path("gcPauses").asLong());
        o.put("gcPauseMs", loader.path("gcPauseMs").asDouble());
        o.set("counters", r.rec().path("counters"));
        o.set("latencyMsWholeRun", r.rec().path("latencyMs"));
        o.put("loaderBound", r.rec().path("loader").path("loaderBound").asBoolean());
        o.set("jvmArgs", r.rec().path("host").path("jvm").path("inputArguments"));
        o.put("httpClient", r.rec().path("tool").path("httpClient").asText(""));
        o.put("aotCache", BenchRun.aotCache(r.rec()));
        return o;
    }

    private static long counter(BenchRun r, String name) {
        return r.rec().path("counters").path(name).asLong();
    }

    private record Steady(double seconds, double cpuSec, long pushed, long acked) {}

    /**
     * Sums the interval CSV's rows after warm-up (the final partial drain interval excluded); messages from the
     * cumulative {@code pushed_total}/{@code acked_total} columns, so the sums are exact.
     */
    private Steady steady(BenchRun r) throws IOException {
        List<Map<String, String>> iv = r.intervals();
        double sec = 0, cpu = 0;
        int from = warmup(), to = iv.size() - 1;
        for (int i = from; i < to; i++) {
            double s = Double.parseDouble(iv.get(i).get("seconds"));
            sec += s;
            cpu += Double.parseDouble(iv.get(i).get("loader_cpu_cores")) * s;
        }
        if (from >= to) return new Steady(0, 0, 0, 0);
        return new Steady(sec, cpu, total(iv, to - 1, "pushed_total") - total(iv, from - 1, "pushed_total"),
                total(iv, to - 1, "acked_total") - total(iv, from - 1, "acked_total"));
    }

    private static long total(List<Map<String, String>> iv, int row, String column) {
        return row < 0 ? 0 : Long.parseLong(iv.get(row).get(column));
    }

    private ArrayNode rssSeries(BenchRun r) throws IOException {
        ArrayNode a = json.createArrayNode();
        for (Map<String, String> row : r.intervals()) a.add(Long.parseLong(row.get("rss_mb")));
        return a;
    }

    /** Per tag, the .hlog interval histograms after the first {@code warmup} intervals, merged. */
    private Map<String, Histogram> steadyHistograms(Path hlog) throws IOException {
        Map<String, Histogram> merged = new HashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        if (hlog == null) return merged;
        HlogFiles.forEach(hlog, h -> {
            if (h.getTag().isEmpty()) return; // an untagged histogram belongs to no recorder
            int k = seen.merge(h.getTag(), 1, Integer::sum);
            if (k <= warmup()) return;
            merged.computeIfAbsent(h.getTag(), t -> new Histogram(3)).add(h);
        });
        return merged;
    }

    /** The run records' summary ({@link LatencySummary}, ms) of a merged µs histogram; empty when nothing was recorded. */
    private ObjectNode percentiles(Histogram h) {
        ObjectNode o = json.createObjectNode();
        if (h == null || h.getTotalCount() == 0) return o;
        LatencySummary p = LatencySummary.of(h);
        o.put("count", p.count());
        o.put("p50", p.p50());
        o.put("p99", p.p99());
        o.put("p999", p.p999());
        o.put("max", p.max());
        return o;
    }

    /** The work directory's {@code <prefix><N>} subdirectories, by N ascending. */
    private List<Path> numberedDirs(String prefix) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(work)) {
            s.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches(Pattern.quote(prefix) + "\\d+"))
                    .forEach(out::add);
        }
        out.sort(Comparator.comparingLong(p -> Long.parseLong(p.getFileName().toString().substring(prefix.length()))));
        return out;
    }

    /**
     * The same push and consume phases carried by OkHttp ({@code GOLOAD_HTTP_CLIENT=okhttp}), and the ratio of the
     * default engine's CPU per message to OkHttp's, both measured in this run.
     */
    private void okhttpBaseline(ObjectNode out) throws IOException {
        Path push = work.resolve("push-okhttp");
        Path consume = work.resolve("consume-okhttp");
        if (!Files.isDirectory(push) && !Files.isDirectory(consume)) return;
        ObjectNode base = out.putObject("okhttpBaseline");
        if (Files.isDirectory(push)) {
            ObjectNode p = pushPhase(push);
            base.set("push", p);
            ratio(base, "pushCpuRatioDefaultOverOkhttp", out.path("push").path("loaderCpuMicrosPerPushedMsg"),
                    p.path("loaderCpuMicrosPerPushedMsg"));
        }
        if (Files.isDirectory(consume)) {
            ObjectNode c = consumePhase(consume);
            base.set("consume", c);
            ratio(base, "consumeCpuRatioDefaultOverOkhttp",
                    out.path("consume").path("loaderCpuMicrosPerConsumedAckedMsg"),
                    c.path("loaderCpuMicrosPerConsumedAckedMsg"));
        }
    }

    private static void ratio(ObjectNode o, String name, JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber() && b.asDouble() > 0) o.put(name, a.asDouble() / b.asDouble());
    }

    /** The fixed endpoint's CPU over one phase, from its before/after {@code /bench/stats}. */
    private record EndpointCpu(double cpuSec) {
        static EndpointCpu of(Path dir, ObjectMapper json) throws IOException {
            Path a = dir.resolve("endpoint-before.json"), b = dir.resolve("endpoint-after.json");
            if (!Files.exists(a) || !Files.exists(b)) return new EndpointCpu(Double.NaN);
            long before = json.readTree(a.toFile()).path("cpuNanos").asLong();
            long after = json.readTree(b.toFile()).path("cpuNanos").asLong();
            return new EndpointCpu((after - before) / 1e9);
        }
    }
}
