package dev.goload.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The merged run's mode section from its shards' sections, by an explicit rule per field of each mode that can be
 * sharded (docs/distributed.md "The mode section"): counts and the throughputs of each shard's disjoint share are
 * summed; durations, spans, peaks and per-loader sizes are the largest shard's; settings must be equal on every shard
 * (a difference is an inconsistent input); flags and verdicts are combined; rows of disjoint tenants are put side by
 * side and rows of the same stage summed. A field no rule names is never summed: it is kept when every shard has the
 * same value, else it is null here, its path listed in {@code perShard} and its values left in each shard's own
 * section ({@code shards[i].section}). Paths are dotted; {@code []} stands for every row of a list.
 */
final class SectionMerge {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How one field merges. */
    enum Rule {
        /** A count or the throughput of a disjoint share: the sum. */
        SUM,
        /** A duration, span, peak or per-loader size: the largest shard's. */
        MAX,
        /** An instant of the run's beginning: the earliest shard's. */
        MIN,
        /** A setting: equal on every shard, or the inputs are refused. */
        SAME,
        /** A check that holds only when it held on every shard. */
        ALL,
        /** A flag that is set when it was on any shard. */
        ANY,
        /** {@code PASS}/{@code FAIL}: FAIL when any shard failed, PASS when all passed. */
        VERDICT,
        /** Rows of disjoint parts (each tenant on one shard): side by side, in shard order. */
        JOIN,
        /** Rows of the same parts on every shard, by their first field ({@code stage}): merged row by row. */
        ROWS,
        /** Not merged: null here, the values in each shard's section. */
        PER_SHARD
    }

    private static final Map<String, Map<String, Rule>> RULES = Map.of(
            "openloop", rules("activePartitions", Rule.SUM, "rate", Rule.SUM, "requestsPerSecond", Rule.SUM,
                    "arrival", Rule.SAME, "pushBatch", Rule.SAME, "maxInflight", Rule.SAME, "rampSec", Rule.SAME,
                    "behindMs", Rule.SAME, "payloadBytes", Rule.SAME, "activePolicy", Rule.SAME, "e2e", Rule.SAME,
                    "firstSendEpochMs", Rule.MIN, "pushPath", Rule.SAME),
            "max", rules("activePartitions", Rule.SUM, "producers", Rule.SUM, "pushBatch", Rule.SAME,
                    "payloadBytes", Rule.SAME),
            "cloud", rules("tenants", Rule.JOIN, "crossTenant", Rule.SUM, "undecodable", Rule.SUM,
                    "popReqs", Rule.SUM, "ackReqs", Rule.SUM,
                    "verify.enabled", Rule.SAME, "verify.verdict", Rule.VERDICT, "verify.sentOk", Rule.SUM,
                    "verify.received", Rule.SUM, "verify.missing", Rule.SUM, "verify.duplicate", Rule.SUM,
                    "verify.extra", Rule.SUM, "verify.crossTenant", Rule.SUM, "verify.undecodable", Rule.SUM,
                    "verify.ambiguousDelivered", Rule.SUM,
                    "drain.loadSec", Rule.MAX, "drain.drainSec", Rule.MAX, "drain.plannedSec", Rule.MAX,
                    "drain.autoSized", Rule.ANY, "drain.deliveries", Rule.SUM, "drain.last2sDeliveries", Rule.SUM,
                    "drain.stragglersAtShutdown", Rule.SUM,
                    // -fault differs per shard by design: the faults asked for and what they hit add up
                    "faults.dupPush", Rule.SUM, "faults.loseMsg", Rule.SUM, "faults.dropAck", Rule.SUM,
                    "faults.dupPushMsgs", Rule.SUM, "faults.dropAckMsgs", Rule.SUM,
                    // no pushPath rule: a shard's path follows its own tenant count (CloudPushLoops.MAX_LOOPS), so
                    // shards of one run may differ; kept when equal, else per shard
                    "configureSec", Rule.MAX, "pacers", Rule.SUM, "verifyBitmapBytes", Rule.SUM,
                    "verification.ledgers", Rule.SUM, "verification.ledgerBytes", Rule.SUM,
                    "lossAttribution", Rule.PER_SHARD),
            "tenants", rules("tenants", Rule.SUM, "queues", Rule.SUM, "consumers", Rule.SUM, "tail", Rule.SUM,
                    "tailQueues", Rule.SUM, "fdBudget.sockets", Rule.MAX, "fdBudget.limit", Rule.MAX),
            "cm", rules("stages", Rule.ROWS, "stages[].stage", Rule.SAME, "stages[].queue", Rule.SAME,
                    "stages[].group", Rule.SAME, "stages[].processed", Rule.SUM, "stages[].ackErr", Rule.SUM,
                    "producedA", Rule.SUM, "producedB", Rule.SUM, "pushErr", Rule.SUM, "pushRetry", Rule.SUM,
                    "pushGaveUp", Rule.SUM, "undecodable", Rule.SUM,
                    "verifier.passed", Rule.ALL, "verifier.msgs", Rule.SUM, "verifier.unique", Rule.SUM,
                    "verifier.dups", Rule.SUM, "verifier.gaps", Rule.SUM, "verifier.viols", Rule.SUM,
                    "verifier.inflight", Rule.SUM, "verifier.absent", Rule.SUM, "verifier.errors", Rule.SUM));

    private final Map<String, Rule> rules;
    private final Set<String> perShard = new LinkedHashSet<>();

    private SectionMerge(String mode) {
        this.rules = RULES.getOrDefault(mode, Map.of());
    }

    /**
     * The merged section of {@code mode} from the shards' sections (in shard order), with {@code perShard}: the
     * paths left to the shards.
     *
     * @throws IllegalArgumentException when a setting differs between shards
     */
    static ObjectNode merge(String mode, List<JsonNode> sections) {
        SectionMerge m = new SectionMerge(mode);
        JsonNode merged = m.field("", sections);
        ObjectNode out = merged.isObject() ? (ObjectNode) merged : JSON.createObjectNode();
        ArrayNode per = out.putArray("perShard");
        m.perShard.forEach(per::add);
        return out;
    }

    private JsonNode field(String path, List<JsonNode> values) {
        Rule rule = rules.get(path);
        if (rule == Rule.PER_SHARD) return perShard(path);
        long nulls = values.stream().filter(v -> v == null || v.isNull() || v.isMissingNode()).count();
        if (nulls == values.size()) return JSON.nullNode();
        if (nulls > 0) return perShard(path); // e.g. a verification that ran on some shards only
        if (rule == null) {
            if (values.stream().allMatch(JsonNode::isObject)) return object(path, values);
            return allEqual(values) ? values.getFirst().deepCopy() : perShard(path);
        }
        return switch (rule) {
            case SUM -> numbers(values) ? sum(values) : perShard(path);
            case MAX -> numbers(values) ? extreme(values, true) : perShard(path);
            case MIN -> numbers(values) ? extreme(values, false) : perShard(path);
            case SAME -> same(path, values);
            case ALL -> JSON.getNodeFactory().booleanNode(values.stream().allMatch(JsonNode::asBoolean));
            case ANY -> JSON.getNodeFactory().booleanNode(values.stream().anyMatch(JsonNode::asBoolean));
            case VERDICT -> verdict(values);
            case JOIN -> values.stream().allMatch(JsonNode::isArray) ? join(values) : perShard(path);
            case ROWS -> rows(path, values);
            case PER_SHARD -> perShard(path);
        };
    }

    private ObjectNode object(String path, List<JsonNode> values) {
        Set<String> names = new LinkedHashSet<>();
        for (JsonNode v : values) v.fieldNames().forEachRemaining(names::add);
        ObjectNode out = JSON.createObjectNode();
        for (String n : names) {
            out.set(n, field(path.isEmpty() ? n : path + "." + n, values.stream().map(v -> v.get(n)).toList()));
        }
        return out;
    }

    private JsonNode rows(String path, List<JsonNode> values) {
        if (!values.stream().allMatch(JsonNode::isArray)) return perShard(path);
        Map<String, List<JsonNode>> byKey = new LinkedHashMap<>();
        for (JsonNode list : values) {
            for (JsonNode row : list) {
                Iterator<JsonNode> first = row.elements();
                String key = first.hasNext() ? first.next().asText() : "";
                byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
            }
        }
        ArrayNode out = JSON.createArrayNode();
        byKey.values().forEach(rows -> out.add(object(path + "[]", rows)));
        return out;
    }

    private JsonNode same(String path, List<JsonNode> values) {
        for (int i = 1; i < values.size(); i++) {
            if (!values.get(i).equals(values.getFirst())) {
                throw new IllegalArgumentException("section." + path + " is a setting of the run but differs between"
                        + " the shards: " + values.getFirst() + " on shard 0, " + values.get(i) + " on shard " + i);
            }
        }
        return values.getFirst().deepCopy();
    }

    private JsonNode perShard(String path) {
        perShard.add(path);
        return JSON.nullNode();
    }

    private static boolean numbers(List<JsonNode> values) {
        return values.stream().allMatch(JsonNode::isNumber);
    }

    private static boolean allEqual(List<JsonNode> values) {
        return values.stream().allMatch(v -> java.util.Objects.equals(v, values.getFirst()));
    }

    /** The sum of number nodes: a long when every one is integral, else a double (one rule for every merged sum). */
    static JsonNode sum(List<JsonNode> values) {
        if (values.stream().allMatch(JsonNode::isIntegralNumber)) {
            return JSON.getNodeFactory().numberNode(values.stream().mapToLong(JsonNode::asLong).sum());
        }
        return JSON.getNodeFactory().numberNode(values.stream().mapToDouble(JsonNode::asDouble).sum());
    }

    private static JsonNode extreme(List<JsonNode> values, boolean max) {
        JsonNode best = values.getFirst();
        for (JsonNode v : values) {
            if (max ? v.asDouble() > best.asDouble() : v.asDouble() < best.asDouble()) best = v;
        }
        return best.deepCopy();
    }

    private static JsonNode verdict(List<JsonNode> values) {
        if (values.stream().anyMatch(v -> v.asText().equals("FAIL"))) return JSON.getNodeFactory().textNode("FAIL");
        if (allEqual(values)) return values.getFirst().deepCopy();
        return values.stream().filter(v -> !v.asText().equals("PASS")).findFirst().orElseThrow().deepCopy();
    }

    private static JsonNode join(List<JsonNode> values) {
        ArrayNode out = JSON.createArrayNode();
        values.forEach(v -> v.forEach(x -> out.add(x.deepCopy())));
        return out;
    }

    private static Map<String, Rule> rules(Object... pairs) {
        Map<String, Rule> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) m.put((String) pairs[i], (Rule) pairs[i + 1]);
        return Map.copyOf(m);
    }
}
