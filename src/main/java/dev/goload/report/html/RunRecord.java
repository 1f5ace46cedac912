package dev.goload.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a run record the report shows, read from a {@code goload.run/2} record or an older
 * {@code goload.run/1} one (openloop/max before the run-lifecycle migration: {@code goloadVersion},
 * {@code embeddedBroker}, the broker's {@code /health} answer as {@code broker}, no verdict, no section). Only these
 * fields reach the page: the record's flags and configuration line are masked by the writer, and nothing else of the
 * host (the JVM's input arguments, say) is shown.
 *
 * @param counters  the whole-run common counters (numbers only)
 * @param latency   the whole-run summary per recorder tag, as recorded (exact max)
 * @param errors    error families by operation ({@code push}, {@code pop}, …), each {@code total}/{@code byKind}/…
 * @param section   the mode's own figures (an empty object when none)
 * @param complete  false for a record the loader wrote during the run and never replaced (killed, crashed, or still
 *                  running): its figures stop at its last whole interval, {@code intervals}, ending at
 *                  {@code endedEpochMs}; true for a run's final record (and for records from before the key existed)
 * @param intervals the record's {@code intervals}: the interval CSV's rows and the {@code .hlog}'s intervals it covers
 */
public record RunRecord(String schema, String runId, String mode, String toolVersion, String httpClient,
                        String configLine, Map<String, String> flags, Map<String, String> host, Broker broker,
                        long startedEpochMs, long endedEpochMs, double durationSec, String stopReason,
                        Map<String, Long> counters, Map<String, JsonNode> latency, JsonNode errors, Loader loader,
                        Verdict verdict, List<Phase> phases, JsonNode section, boolean complete, int intervals) {

    /** Where the run sent its traffic and what the broker said it was. */
    public record Broker(String url, boolean embedded, boolean inProcess, Map<String, String> health,
                         String healthError) {}

    /**
     * The loader's verdict on itself and its self-measurement.
     *
     * @param connections {@code loader.connections} of the record (opened, closed, closedByPeer, peakOpen,
     *                    openAtEnd, timeWaitPeak), empty for records from before they were counted
     */
    public record Loader(boolean loaderBound, List<String> reasons, double cpuCoresAvg, double cpuCoresMax,
                         long gcPauses, double gcPauseMs, long peakRssBytes, Map<String, String> connections) {

        /** A connection figure, NaN when the record has none. */
        public double connection(String name) {
            String v = connections.get(name);
            return v == null ? Double.NaN : Double.parseDouble(v);
        }
    }

    public record Verdict(String result, int exitCode, List<String> findings) {}

    public record Phase(String name, double startSec, double endSec) {}

    public static RunRecord of(JsonNode r) {
        boolean v1 = r.path("schema").asText().equals("goload.run/1");
        JsonNode b = r.path("broker");
        Broker broker = v1
                ? new Broker(firstText(r.path("config").path("target").path("url"), r.path("flags").path("url")),
                        r.path("embeddedBroker").asBoolean(false), r.path("embeddedBroker").asBoolean(false),
                        scalars(b), "")
                : new Broker(b.path("url").asText(""), b.path("embedded").asBoolean(false),
                        b.path("inProcess").asBoolean(false), scalars(b.path("health")), b.path("healthError").asText(""));
        JsonNode l = r.path("loader");
        List<String> reasons = new ArrayList<>();
        l.path("reasons").forEach(n -> reasons.add(n.asText()));
        Loader loader = new Loader(l.path("loaderBound").asBoolean(r.path("loaderBound").asBoolean(false)), reasons,
                l.path("cpuCoresAvg").asDouble(0), l.path("cpuCoresMax").asDouble(0), l.path("gcPauses").asLong(0),
                l.path("gcPauseMs").asDouble(0), l.path("peakRssBytes").asLong(0), scalars(l.path("connections")));
        JsonNode v = r.path("verdict");
        List<String> findings = new ArrayList<>();
        v.path("findings").forEach(n -> findings.add(n.asText()));
        Verdict verdict = v.isObject() ? new Verdict(v.path("result").asText("NONE"), v.path("exitCode").asInt(0), findings)
                : new Verdict(v.isTextual() ? v.asText() : "NONE", 0, List.of());
        Map<String, Long> counters = new LinkedHashMap<>();
        r.path("counters").properties().forEach(e -> {
            if (e.getValue().isNumber()) counters.put(e.getKey(), e.getValue().asLong());
        });
        Map<String, JsonNode> latency = new LinkedHashMap<>();
        r.path("latencyMs").properties().forEach(e -> latency.put(e.getKey(), e.getValue()));
        List<Phase> phases = new ArrayList<>();
        r.path("phases").forEach(p -> phases.add(new Phase(p.path("name").asText(""), p.path("startSec").asDouble(0),
                p.path("endSec").asDouble(0))));
        JsonNode errors = v1 ? v1Errors(r.path("counters").path("errorsByKind")) : r.path("errors");
        return new RunRecord(r.path("schema").asText(), r.path("runId").asText(""), r.path("mode").asText(""),
                v1 ? r.path("goloadVersion").asText("") : r.path("tool").path("version").asText(""),
                v1 ? r.path("httpClient").asText("") : r.path("tool").path("httpClient").asText(""),
                r.path("configLine").asText(""), scalars(r.path("flags")), host(r.path("host")), broker,
                epochMs(r.path("startedAt").asText("")), epochMs(r.path("endedAt").asText("")),
                r.path("durationSec").asDouble(0), r.path("stopReason").asText(""), counters, latency, errors, loader,
                verdict, phases, r.path("section").isObject() ? r.path("section")
                        : com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode(),
                r.path("complete").asBoolean(true), r.path("intervals").asInt(0));
    }

    /**
     * What an incomplete record says of itself, for every reader's banner and console line: {@code incomplete: the
     * loader stopped at <instant> after interval N; figures up to its last interval}. Null for a complete record.
     */
    public String incompleteNote() {
        if (complete) return null;
        String at = endedEpochMs > 0 ? Instant.ofEpochMilli(endedEpochMs).toString() : "an unknown time";
        return intervals == 0
                ? "incomplete: the loader stopped before its first interval (record of " + at + "); no figures"
                : "incomplete: the loader stopped at " + at + " after interval " + intervals + " ("
                + durationSec + " s after T0); figures up to its last interval";
    }

    public long counter(String name) {
        return counters.getOrDefault(name, 0L);
    }

    /** The record's whole-run summary field of {@code tag} ({@code p99}, {@code max}, …), NaN when absent. */
    public double latency(String tag, String field) {
        JsonNode n = latency.get(tag);
        return n == null || n.path("count").asLong(0) == 0 ? Double.NaN : n.path(field).asDouble(Double.NaN);
    }

    /** The host's shape: name, cores, memory, OS, JVM (never its input arguments). */
    private static Map<String, String> host(JsonNode h) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : List.of("hostname", "cores", "memoryBytes", "os", "arch")) {
            if (h.has(k)) m.put(k, h.path(k).asText());
        }
        JsonNode jvm = h.path("jvm");
        for (String k : List.of("version", "vendor", "vm", "maxHeapBytes")) {
            if (jvm.has(k)) m.put("jvm." + k, jvm.path(k).asText());
        }
        if (jvm.path("gc").isArray()) {
            List<String> gc = new ArrayList<>();
            jvm.path("gc").forEach(n -> gc.add(n.asText()));
            m.put("jvm.gc", String.join(", ", gc));
        }
        return m;
    }

    /** The scalar fields of an object, as text (nested objects and arrays left out). */
    static Map<String, String> scalars(JsonNode n) {
        Map<String, String> m = new LinkedHashMap<>();
        n.properties().forEach(e -> {
            if (e.getValue().isValueNode() && !e.getValue().isNull()) m.put(e.getKey(), e.getValue().asText());
        });
        return m;
    }

    /** A v1 record kept push failures by kind inside its counters; shown as the v2 {@code push} family. */
    private static JsonNode v1Errors(JsonNode byKind) {
        var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        var errors = f.objectNode();
        if (byKind.isObject() && !byKind.isEmpty()) {
            long total = 0;
            for (JsonNode n : byKind) total += n.asLong();
            var push = errors.putObject("push");
            push.put("total", total);
            push.set("byKind", byKind);
        }
        return errors;
    }

    private static String firstText(JsonNode... nodes) {
        for (JsonNode n : nodes) {
            if (n.isTextual() && !n.asText().isEmpty()) return n.asText();
        }
        return "";
    }

    private static long epochMs(String iso) {
        try {
            return iso.isEmpty() ? 0 : Instant.parse(iso).toEpochMilli();
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
