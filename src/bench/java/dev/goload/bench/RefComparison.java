package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The reference binary's runs ({@code scripts/bench --ref PATH}: {@code ref/push}, {@code ref/consume},
 * {@code ref/autoack}, {@code ref/pushb1}, {@code ref/cloud}) measured the way goload's are — whole process from GNU
 * time, messages from the {@code [final]} line both tools print, cloud from both tools' {@code <run-id>.json} — and
 * goload ÷ reference for each figure (below 1: goload is leaner, or for a rate, slower).
 */
final class RefComparison {
    /** Phase, the {@code [final]} key counting its messages, the goload figure's path in the summary. */
    private record Phase(String name, String msgsKey) {}

    private static final Phase[] FIXED = {new Phase("push", "pushed"), new Phase("consume", "acked"),
            new Phase("autoack", "popped"), new Phase("pushb1", "pushed")};
    private static final String[] CLOUD_FIGURES = {"cpuMicrosPerConsumedMsg", "pushRttP50Ms", "pushRttP99Ms",
            "shedReqs", "popMsgPerSecLoadPhase", "brokerCpuSec"};

    private final ObjectMapper json;

    RefComparison(ObjectMapper json) {
        this.json = json;
    }

    /** Adds {@code ref} and {@code ratios} to {@code out} when {@code work/ref} exists. */
    void add(Path work, String binary, ObjectNode out) throws IOException {
        Path refDir = work.resolve("ref");
        if (!Files.isDirectory(refDir)) return;
        ObjectNode ref = out.putObject("ref");
        ref.put("binary", binary);
        ObjectNode ratios = out.putObject("ratios");
        ratios.put("meaning", "goload / ref, both measured in this run with the same flags (whole process, GNU time)");
        for (Phase p : FIXED) {
            Path dir = refDir.resolve(p.name);
            if (!Files.isDirectory(dir)) continue;
            Map<String, Double> fin = ToolOutput.finalLine(dir.resolve("console.log"));
            long msgs = fin.getOrDefault(p.msgsKey, 0.0).longValue();
            long reqs = p.msgsKey.equals("pushed") ? fin.getOrDefault("achieved", 0.0).longValue() : 0;
            ObjectNode r = ref.putObject(p.name);
            ObjectNode f = r.putObject("final");
            fin.forEach(f::put);
            if (reqs > 0 || fin.containsKey("offered")) r.put("held", held(fin));
            r.set("wholeProcess", WholeProcess.of(json, dir, msgs, reqs));
            JsonNode g = out.path(p.name).path("wholeProcess");
            ObjectNode q = ratios.putObject(p.name);
            ratio(q, "cpuMicrosPerMsg", g, r.path("wholeProcess"), "cpuMicrosPerMsg");
            ratio(q, "peakRssMB", g, r.path("wholeProcess"), "peakRssMB");
        }
        ObjectNode cloud = new CloudBench(json).phase(refDir.resolve("cloud"));
        if (cloud != null) {
            ref.set("cloud", cloud);
            JsonNode g = out.path("cloud");
            ObjectNode q = ratios.putObject("cloud");
            ratio(q, "cpuSec", g.path("wholeProcess"), cloud.path("wholeProcess"), "cpuSec");
            ratio(q, "peakRssMB", g.path("wholeProcess"), cloud.path("wholeProcess"), "peakRssMB");
            for (String k : CLOUD_FIGURES) ratio(q, k, g, cloud, k);
            for (String k : new String[] {"peakEstablished", "peakSocketFds", "peakTimeWait", "brokerPopMsgPerSecLoadPhase"}) {
                ratio(q, k, g.path("sampled"), cloud.path("sampled"), k);
            }
        }
    }

    /**
     * Whether an open-loop run held its schedule, from its {@code [final]} line: requests offered, none shed, no push
     * error. A run that shed compares other work than goload's. {@code achieved} may trail {@code offered} by what
     * was still in flight at the cut (175 of 275,026 in the reference's push-batch-1 run at 10,000 req/s).
     */
    static boolean held(Map<String, Double> fin) {
        return fin.getOrDefault("offered", 0.0) > 0 && fin.getOrDefault("shed", -1.0) == 0
                && fin.getOrDefault("pushErr", 0.0) == 0;
    }

    /** {@code o.name = a.key / b.key}; null when either is missing or the reference's is 0. */
    private static void ratio(ObjectNode o, String name, JsonNode a, JsonNode b, String key) {
        JsonNode x = a.path(key), y = b.path(key);
        if (x.isNumber() && y.isNumber() && y.asDouble() != 0) o.put(name, x.asDouble() / y.asDouble());
        else o.putNull(name);
    }
}
