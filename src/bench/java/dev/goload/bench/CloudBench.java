package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The figures of one cloud run against {@code goload broker} ({@code scripts/bench}'s cloud and verify phases, and
 * the reference's cloud run): taken from what both tools write — the reference-format {@code <run-id>.json}, GNU
 * time's {@code time.txt} — and from what the bench sampled outside the loader ({@code sockets.tsv}, every 0.5 s:
 * connections established to the broker's port, the loader's socket descriptors, TIME_WAIT sockets on that port,
 * the broker's popped-messages counter, the loader's phase) and {@code broker-cpu.txt}. goload's own run record
 * adds {@code loader.connections} and the ledgers' bytes (null for a tool that writes none).
 */
final class CloudBench {
    private final ObjectMapper json;

    CloudBench(ObjectMapper json) {
        this.json = json;
    }

    /** The phase's object, or null when {@code dir} holds no cloud record. */
    ObjectNode phase(Path dir) throws IOException {
        JsonNode ref = ToolOutput.cloudRecord(dir, json);
        if (ref == null) return null;
        JsonNode run = ToolOutput.runRecord(dir, json);
        ObjectNode o = json.createObjectNode();
        Path cmd = dir.resolve("command.txt");
        o.put("command", Files.isRegularFile(cmd) ? Files.readString(cmd).trim() : "");
        o.put("tenants", ref.path("config").path("tenants").asLong());
        o.put("verdict", ref.path("verdict").asText());
        JsonNode achieved = ref.path("achieved");
        long popped = achieved.path("poppedMsgs").asLong();
        o.put("pushedMsgs", achieved.path("pushedMsgs").asLong());
        o.put("poppedMsgs", popped);
        o.put("popMsgPerSecLoadPhase", achieved.path("popMsgPerSecLoadPhase").asDouble());
        o.put("pushRttP50Ms", ref.path("latency").path("pushRtt").path("p50Ms").asDouble());
        o.put("pushRttP99Ms", ref.path("latency").path("pushRtt").path("p99Ms").asDouble());
        o.put("shedReqs", ref.path("offered").path("shedReqs").asLong());
        o.put("missing", ref.path("verify").path("missing").asLong());
        o.put("duplicate", ref.path("verify").path("duplicate").asLong());
        ObjectNode whole = WholeProcess.of(json, dir, popped, achieved.path("pushReqs").asLong());
        o.set("wholeProcess", whole);
        if (whole != null) o.set("cpuMicrosPerConsumedMsg", whole.path("cpuMicrosPerMsg"));
        o.set("loaderConnections", run == null ? NullNode.instance : orNull(run.path("loader").path("connections")));
        sampled(o, dir.resolve("sockets.tsv"));
        Path bcpu = dir.resolve("broker-cpu.txt");
        String b = Files.isRegularFile(bcpu) ? Files.readString(bcpu).trim() : "";
        if (b.isEmpty()) o.putNull("brokerCpuSec");
        else o.put("brokerCpuSec", Double.parseDouble(b));
        o.set("verification", run == null ? NullNode.instance : orNull(run.path("section").path("verification")));
        if (run != null) o.put("aotCache", BenchRun.aotCache(run));
        return o;
    }

    private static JsonNode orNull(JsonNode n) {
        return n.isMissingNode() ? NullNode.instance : n;
    }

    /**
     * Peaks of the outside samples, and the broker's pop rate over the load phase: its popped counter read on the
     * first sample after the loader printed its first load interval and on the first after its first drain interval
     * (so the window starts up to a report interval plus a sampling period late and ends as late into the drain;
     * {@code brokerPopWindowSec} says how long it was: a window much shorter than the load phase means the sampler
     * was starved and the rate is not the load phase's).
     */
    private void sampled(ObjectNode o, Path tsv) throws IOException {
        ObjectNode s = o.putObject("sampled");
        if (!Files.isRegularFile(tsv)) return;
        List<String> lines = Files.readAllLines(tsv);
        long est = 0, fds = 0, tw = 0;
        long[] load = null, drain = null;
        int n = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", -1);
            if (f.length < 6) continue;
            n++;
            est = Math.max(est, number(f[1]));
            fds = Math.max(fds, number(f[2]));
            tw = Math.max(tw, number(f[3]));
            if (f[4].isBlank()) continue;
            long[] at = {number(f[0]), (long) Double.parseDouble(f[4].trim())};
            if (f[5].equals("load") && load == null) load = at;
            if (f[5].equals("drain") && drain == null) drain = at;
        }
        s.put("samples", n);
        s.put("peakEstablished", est);
        s.put("peakSocketFds", fds);
        s.put("peakTimeWait", tw);
        if (load != null && drain != null && drain[0] > load[0]) {
            s.put("brokerPopMsgPerSecLoadPhase", (drain[1] - load[1]) * 1000.0 / (drain[0] - load[0]));
            s.put("brokerPopWindowSec", (drain[0] - load[0]) / 1000.0);
        } else {
            s.putNull("brokerPopMsgPerSecLoadPhase");
            s.putNull("brokerPopWindowSec");
        }
    }

    /** A sampled count; a probe that failed left it empty (0: it never raises a peak). */
    private static long number(String v) {
        return v.isBlank() ? 0 : Long.parseLong(v.trim());
    }
}
