package dev.goload.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.metrics.LatencySummary;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Combines the shards' {@code goload.run/2} records into the record of the whole run (shard 0's record is the template,
 * so every key of the schema is present):
 * <ul>
 *   <li>counters (whole run and per phase), in-flight at end, reconnects: summed — exact;</li>
 *   <li>errors: totals, kinds, codes and Retry-After samples summed, the mean weighted by samples, the max of maxima,
 *       the first message of the lowest shard that has one;</li>
 *   <li>latency: summarised from the added histograms ({@link HlogMerge}), with the max of the shards' exact maxima;</li>
 *   <li>loader: the fleet's (cores, CPU, GC summed; peak RSS of the largest; loader-bound when any shard was, each
 *       reason prefixed by its shard); its connections: opened, closed and open at the end summed (exact), the
 *       peak of open connections summed (an upper bound: each shard's own sockets, peaks maybe at different
 *       instants), TIME_WAIT the largest per machine summed over machines (shards on one machine read the same
 *       kernel table);</li>
 *   <li>verdict: FAIL when any shard failed (findings prefixed by shard), PASS when all passed, else NONE;</li>
 *   <li>section: merged field by field by {@link SectionMerge}'s explicit rules (counts summed, durations and peaks
 *       the largest, settings equal, verdicts combined, cloud's per-tenant ledgers side by side, unknown numbers
 *       never summed); and {@code shards}, each shard's host, clock offset, verdict, loader summary and own
 *       section.</li>
 * </ul>
 */
final class RecordMerge {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RecordMerge() {}

    /** @param latency {@link #latency} of the shards */
    static ObjectNode merge(List<ShardInputs.Shard> shards, HlogMerge hlog, Map<String, LatencySummary> latency) {
        ObjectNode first = (ObjectNode) shards.getFirst().json();
        ObjectNode r = first.deepCopy();
        List<JsonNode> all = shards.stream().map(ShardInputs.Shard::json).toList();

        ObjectNode flags = (ObjectNode) r.path("flags");
        for (String f : ShardInputs.PER_SHARD_FLAGS) flags.remove(f);
        r.put("configLine", first.path("configLine").asText());
        r.put("startedAt", all.stream().map(j -> j.path("startedAt").asText()).min(String::compareTo).orElse(""));
        r.put("endedAt", all.stream().map(j -> j.path("endedAt").asText()).max(String::compareTo).orElse(""));
        r.put("durationSec", all.stream().mapToDouble(j -> j.path("durationSec").asDouble()).max().orElse(0));
        r.put("stopReason", stopReason(shards));
        r.set("setupFailure", setupFailure(shards));
        // an incomplete shard makes the merged run incomplete: its part stops at its last whole interval
        r.put("complete", shards.stream().allMatch(ShardInputs.Shard::complete));

        r.set("counters", sumObjects(all.stream().map(j -> j.path("counters")).toList()));
        r.set("phases", phases(all));
        r.put("inflightAtEnd", all.stream().mapToLong(j -> j.path("inflightAtEnd").asLong()).sum());
        r.put("reconnects", all.stream().mapToLong(j -> j.path("reconnects").asLong()).sum());
        r.put("intervals", hlog.intervals.isEmpty() ? all.stream().mapToInt(j -> j.path("intervals").asInt()).max()
                .orElse(0) : hlog.intervals.lastKey() + 1);
        r.set("errors", errors(all));
        r.set("latencyMs", JSON.valueToTree(latency));
        r.set("loader", loader(shards));
        r.set("verdict", verdict(shards));
        // a shard's thresholds judged its own part only; the merged run's are evaluated on it (cli.MergeCommand)
        r.set("thresholds", JSON.createArrayNode());
        r.set("section", section(shards));

        ObjectNode shard = JSON.createObjectNode();
        shard.putNull("index");
        shard.put("count", shards.size());
        shard.set("t0EpochMs", first.path("shard").path("t0EpochMs").deepCopy());
        shard.putNull("clockOffsetMs"); // each shard's offset is in section.shards
        shard.set("coordinator", first.path("shard").path("coordinator").deepCopy());
        shard.put("merged", true);
        r.set("shard", shard);
        return r;
    }

    /** Field-wise sum of objects of numbers (nested objects recursively); non-numbers keep the first value. */
    static ObjectNode sumObjects(List<JsonNode> objs) {
        ObjectNode out = JSON.createObjectNode();
        for (JsonNode o : objs) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode have = out.get(e.getKey());
                JsonNode v = e.getValue();
                if (have == null) {
                    out.set(e.getKey(), v.deepCopy());
                } else if (have.isNumber() && v.isNumber()) {
                    out.set(e.getKey(), SectionMerge.sum(List.of(have, v)));
                } else if (have.isObject() && v.isObject()) {
                    out.set(e.getKey(), sumObjects(List.of(have, v)));
                }
            }
        }
        return out;
    }

    private static ArrayNode phases(List<JsonNode> all) {
        ArrayNode out = JSON.createArrayNode();
        JsonNode base = all.getFirst().path("phases");
        for (int i = 0; i < base.size(); i++) {
            int p = i;
            String name = base.get(i).path("name").asText();
            List<JsonNode> same = all.stream().map(j -> j.path("phases").path(p))
                    .filter(n -> name.equals(n.path("name").asText())).toList();
            ObjectNode ph = JSON.createObjectNode();
            ph.put("name", name);
            ph.put("startSec", same.stream().mapToDouble(n -> n.path("startSec").asDouble()).min().orElse(0));
            ph.put("endSec", same.stream().mapToDouble(n -> n.path("endSec").asDouble()).max().orElse(0));
            ph.set("counters", sumObjects(same.stream().map(n -> n.path("counters")).toList()));
            out.add(ph);
        }
        return out;
    }

    private static ObjectNode errors(List<JsonNode> all) {
        ObjectNode out = JSON.createObjectNode();
        for (Iterator<String> it = all.getFirst().path("errors").fieldNames(); it.hasNext(); ) {
            String fam = it.next();
            List<JsonNode> f = all.stream().map(j -> j.path("errors").path(fam)).toList();
            ObjectNode e = JSON.createObjectNode();
            e.put("total", f.stream().mapToLong(n -> n.path("total").asLong()).sum());
            e.set("byKind", sumObjects(f.stream().map(n -> n.path("byKind")).toList()));
            e.set("byCode", sumObjects(f.stream().map(n -> n.path("byCode")).toList()));
            long samples = f.stream().mapToLong(n -> n.path("retryAfterSamples").asLong()).sum();
            double weighted = f.stream().mapToDouble(n -> n.path("retryAfterSamples").asLong()
                    * n.path("retryAfterAvgSec").asDouble()).sum();
            e.put("retryAfterSamples", samples);
            e.put("retryAfterAvgSec", samples == 0 ? 0 : weighted / samples);
            e.put("retryAfterMaxSec", f.stream().mapToDouble(n -> n.path("retryAfterMaxSec").asDouble()).max()
                    .orElse(0));
            ObjectNode first = JSON.createObjectNode();
            for (JsonNode n : f) {
                n.path("firstMessage").properties().forEach(m -> {
                    if (!first.has(m.getKey())) first.set(m.getKey(), m.getValue());
                });
            }
            e.set("firstMessage", first);
            out.set(fam, e);
        }
        return out;
    }

    /** Per tag, the summary of the added whole-run histogram, with the max of the shards' exact maxima. */
    static Map<String, LatencySummary> latency(List<JsonNode> all, HlogMerge hlog, List<String> tags) {
        Map<String, LatencySummary> out = new LinkedHashMap<>();
        for (String tag : tags) {
            Histogram h = hlog.whole.get(tag);
            double maxMs = all.stream().mapToDouble(j -> j.path("latencyMs").path(tag).path("max").asDouble()).max()
                    .orElse(0);
            out.put(tag, h == null ? LatencySummary.EMPTY : LatencySummary.of(h, Math.round(maxMs * 1000)));
        }
        return out;
    }

    private static ObjectNode loader(List<ShardInputs.Shard> shards) {
        ObjectNode out = (ObjectNode) shards.getFirst().json().path("loader").deepCopy();
        List<JsonNode> l = shards.stream().map(s -> s.json().path("loader")).toList();
        out.put("availableProcessors", l.stream().mapToInt(n -> n.path("availableProcessors").asInt()).sum());
        out.put("cpuCoresAvg", l.stream().mapToDouble(n -> n.path("cpuCoresAvg").asDouble()).sum());
        out.put("cpuCoresMax", l.stream().mapToDouble(n -> n.path("cpuCoresMax").asDouble()).sum());
        out.put("cpuSeconds", l.stream().mapToDouble(n -> n.path("cpuSeconds").asDouble()).sum());
        out.put("gcPauses", l.stream().mapToLong(n -> n.path("gcPauses").asLong()).sum());
        out.put("gcPauseMs", l.stream().mapToDouble(n -> n.path("gcPauseMs").asDouble()).sum());
        out.put("peakRssBytes", l.stream().mapToLong(n -> n.path("peakRssBytes").asLong()).max().orElse(0));
        out.put("loaderBound", l.stream().anyMatch(n -> n.path("loaderBound").asBoolean()));
        ArrayNode reasons = JSON.createArrayNode();
        for (ShardInputs.Shard s : shards) {
            s.json().path("loader").path("reasons").forEach(x -> reasons.add("shard " + s.index() + ": " + x.asText()));
        }
        out.set("reasons", reasons);
        out.put("brokerFailingIntervals", l.stream().mapToInt(n -> n.path("brokerFailingIntervals").asInt()).max()
                .orElse(0));
        out.set("intervals", JSON.createArrayNode()); // each shard's evidence stays in its own record
        if (out.has("connections")) out.set("connections", connections(shards));
        return out;
    }

    /** The fleet's sockets to the broker (see the class comment for what is exact and what is a bound). */
    private static JsonNode connections(List<ShardInputs.Shard> shards) {
        if (!shards.stream().allMatch(s -> s.json().path("loader").path("connections").isObject())) {
            return JSON.nullNode(); // a shard from before the connection figures: no fleet figure
        }
        ObjectNode out = JSON.createObjectNode();
        for (String k : List.of("opened", "closed", "closedByPeer", "peakOpen", "openAtEnd", "requests", "answers")) {
            out.put(k, shards.stream().mapToLong(s -> s.json().path("loader").path("connections").path(k).asLong())
                    .sum());
        }
        shards.stream().map(s -> s.json().path("loader").path("connections").path("noAnswerCause"))
                .filter(JsonNode::isTextual).findFirst()
                .ifPresentOrElse(c -> out.set("noAnswerCause", c), () -> out.putNull("noAnswerCause"));
        Map<String, Long> perHost = new TreeMap<>();
        for (ShardInputs.Shard s : shards) {
            JsonNode tw = s.json().path("loader").path("connections").path("timeWaitPeak");
            if (tw.isNumber()) perHost.merge(s.json().path("host").path("hostname").asText(""), tw.asLong(), Math::max);
        }
        if (perHost.isEmpty()) out.putNull("timeWaitPeak");
        else out.put("timeWaitPeak", perHost.values().stream().mapToLong(Long::longValue).sum());
        return out;
    }

    /** The first shard's {@code setupFailure} (its message prefixed by the shard), null when every shard's broker answered. */
    private static JsonNode setupFailure(List<ShardInputs.Shard> shards) {
        for (ShardInputs.Shard s : shards) {
            JsonNode f = s.json().path("setupFailure");
            if (!f.isObject()) continue;
            ObjectNode m = f.deepCopy();
            m.put("message", "shard " + s.index() + ": " + f.path("message").asText());
            return m;
        }
        return JSON.nullNode();
    }

    private static ObjectNode verdict(List<ShardInputs.Shard> shards) {
        List<String> findings = new ArrayList<>();
        boolean anyFail = false;
        boolean allPass = true;
        int exit = 0;
        for (ShardInputs.Shard s : shards) {
            JsonNode v = s.json().path("verdict");
            String res = v.path("result").asText("NONE");
            anyFail |= res.equals("FAIL");
            allPass &= res.equals("PASS");
            exit = Math.max(exit, v.path("exitCode").asInt());
            v.path("findings").forEach(f -> findings.add("shard " + s.index() + ": " + f.asText()));
        }
        ObjectNode out = JSON.createObjectNode();
        out.put("result", anyFail ? "FAIL" : allPass ? "PASS" : "NONE");
        out.put("exitCode", exit);
        ArrayNode f = out.putArray("findings");
        findings.forEach(f::add);
        return out;
    }

    private static ObjectNode section(List<ShardInputs.Shard> shards) {
        // an incomplete shard has no section yet (it is written at a run's end): the others' are merged
        List<ShardInputs.Shard> ended = shards.stream().filter(ShardInputs.Shard::complete).toList();
        ObjectNode out = ended.isEmpty() ? JSON.createObjectNode()
                : SectionMerge.merge(shards.getFirst().json().path("mode").asText(),
                ended.stream().map(s -> s.json().path("section")).toList());
        ArrayNode per = out.putArray("shards");
        for (ShardInputs.Shard s : shards) {
            ObjectNode n = per.addObject();
            n.put("index", s.index());
            n.put("record", s.record().toString());
            n.put("hostname", s.json().path("host").path("hostname").asText());
            JsonNode offset = s.json().path("shard").path("clockOffsetMs");
            n.set("clockOffsetMs", offset.isMissingNode() ? JSON.nullNode() : offset.deepCopy());
            n.set("verdict", s.json().path("verdict").deepCopy());
            n.put("loaderBound", s.json().path("loader").path("loaderBound").asBoolean());
            n.set("section", s.json().path("section").deepCopy());
        }
        return out;
    }

    /**
     * The shards' common stop reason, or, when they stopped differently (one stopped by a signal or an error while
     * the others ran to their end), every reason with the shards it ended: {@code shards: 0,1,3 duration; 2 signal}.
     * The merged counts then cover less than the planned run, and the line says which shard is short.
     */
    static String stopReason(List<ShardInputs.Shard> shards) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (ShardInputs.Shard s : shards) {
            byReason.computeIfAbsent(s.json().path("stopReason").asText(), k -> new ArrayList<>())
                    .add(Integer.toString(s.index()));
        }
        if (byReason.size() == 1) return byReason.keySet().iterator().next();
        List<String> parts = new ArrayList<>();
        byReason.forEach((reason, idx) -> parts.add(String.join(",", idx) + " " + reason));
        return "shards: " + String.join("; ", parts);
    }
}
