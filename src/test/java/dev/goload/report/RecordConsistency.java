package dev.goload.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks that one {@code goload.run/2} record agrees with itself: its {@code counters}, its {@code errors} families,
 * its latency histograms' counts and its phases count every call once (docs/run-record.md, "One count per call").
 * Every mode's end-to-end test applies it to the record its run wrote. Test-only.
 *
 * <p>The rules, exact for every mode (units: push requests, pop and ack calls, messages where named):
 * <ul>
 *   <li>every family: its kinds but {@code canceled} sum to its {@code total};</li>
 *   <li>push: {@code sentReq = achievedReq + pushErrReq + pushCanceledReq}; {@code errors.push.total = pushErrReq}
 *       (order: {@code + itemBuffered}, a buffered push being achieved but a failure of its gate);
 *       {@code errors.push.byKind.canceled = pushCanceledReq}; the {@code push} and {@code service} histograms
 *       hold {@code achievedReq} samples, {@code failed} holds {@code pushErrReq}; where a pacer offers
 *       (openloop, max, cloud, tenants) {@code offeredReq = sentReq + shedCapReq + shedBehindReq} (cloud: plus the
 *       requests whose only item the {@code lose-msg} fault took, at most {@code section.faults.loseMsg});</li>
 *   <li>pop: {@code errors.pop.total = popErr}, {@code errors.pop.byKind.canceled = popCanceledCalls},
 *       {@code emptyPops ≤ popCalls}, and every non-empty answer brought a message
 *       ({@code popped ≥ popCalls − emptyPops});</li>
 *   <li>ack: {@code errors.ack.total} is the calls that left a message not acked, {@code ackErr} those messages, so
 *       {@code ackErr ≥ errors.ack.total} and both are 0 together; {@code errors.ack.byKind.canceled =
 *       ackCanceledCalls}; {@code ackCalls = latencyMs.ack.count} (answered calls) {@code + errors.ack.total −
 *       errors.ack.byKind.item_failed} (failed calls) {@code + ackCanceledCalls}; no call, no {@code ackMicros};</li>
 *   <li>app: {@code section.ackErrCalls = errors.ack.total}; stage 2's {@code popErr} and {@code ackErr} are the
 *       totals of {@code errors.stage2Pop} and {@code errors.stage2Ack};</li>
 *   <li>the phases' counters add up to {@code counters}, key by key;</li>
 *   <li>{@code loader.connections.answers ≤ requests}, and {@code setupFailure} is set exactly when requests were
 *       sent and none was answered.</li>
 * </ul>
 */
public final class RecordConsistency {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> OFFERING_MODES = Set.of("openloop", "max", "cloud", "tenants");

    private RecordConsistency() {}

    /** Fails with every disagreement of the record file {@code record}. */
    public static void assertConsistent(Path record) {
        try {
            assertConsistent(JSON.readTree(record.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fails with every disagreement of {@code record}, and its counters and errors to judge them by. */
    public static void assertConsistent(JsonNode record) {
        List<String> v = violations(record);
        if (!v.isEmpty()) {
            throw new AssertionError("the " + record.path("mode").asText() + " record disagrees with itself:\n  "
                    + String.join("\n  ", v) + "\n--- counters " + record.path("counters") + "\n--- errors "
                    + record.path("errors") + "\n--- latency counts " + latencyCounts(record));
        }
    }

    /** The disagreements, one line each; empty when the record agrees with itself. */
    public static List<String> violations(JsonNode rec) {
        List<String> v = new ArrayList<>();
        String mode = rec.path("mode").asText();
        JsonNode c = rec.path("counters");
        JsonNode errors = rec.path("errors");

        for (Iterator<Map.Entry<String, JsonNode>> it = errors.properties().iterator(); it.hasNext(); ) {
            var f = it.next();
            long failures = 0;
            for (Iterator<Map.Entry<String, JsonNode>> k = f.getValue().path("byKind").properties().iterator();
                    k.hasNext(); ) {
                var kind = k.next();
                if (!kind.getKey().equals("canceled")) failures += kind.getValue().asLong();
            }
            eq(v, "errors." + f.getKey() + ": kinds but canceled = total", failures, total(errors, f.getKey()));
        }

        long achieved = n(c, "achievedReq");
        long pushErr = n(c, "pushErrReq");
        long pushCanceled = n(c, "pushCanceledReq");
        eq(v, "sentReq = achievedReq + pushErrReq + pushCanceledReq", n(c, "sentReq"),
                achieved + pushErr + pushCanceled);
        long bufferedGate = mode.equals("order") ? n(c, "itemBuffered") : 0;
        eq(v, "errors.push.total = pushErrReq" + (mode.equals("order") ? " + itemBuffered" : ""),
                total(errors, "push"), pushErr + bufferedGate);
        eq(v, "errors.push.byKind.canceled = pushCanceledReq", canceled(errors, "push"), pushCanceled);
        eq(v, "latencyMs.push.count = achievedReq", samples(rec, "push"), achieved);
        eq(v, "latencyMs.service.count = achievedReq", samples(rec, "service"), achieved);
        eq(v, "latencyMs.failed.count = pushErrReq", samples(rec, "failed"), pushErr);
        if (OFFERING_MODES.contains(mode)) {
            long unsent = n(c, "offeredReq") - n(c, "sentReq") - n(c, "shedCapReq") - n(c, "shedBehindReq");
            // cloud's lose-msg fault takes a request's first item; a request of one item is then never sent
            long lostWhole = mode.equals("cloud") ? rec.path("section").path("faults").path("loseMsg").asLong() : 0;
            if (unsent < 0 || unsent > lostWhole) {
                v.add("offeredReq = sentReq + shedCapReq + shedBehindReq" + (mode.equals("cloud")
                        ? " + requests lost whole to lose-msg (<= section.faults.loseMsg " + lostWhole + ")" : "")
                        + ": " + unsent + " offered requests unaccounted for");
            }
        }

        eq(v, "errors.pop.total = popErr", total(errors, "pop"), n(c, "popErr"));
        eq(v, "errors.pop.byKind.canceled = popCanceledCalls", canceled(errors, "pop"), n(c, "popCanceledCalls"));
        if (n(c, "emptyPops") > n(c, "popCalls")) v.add("emptyPops > popCalls");
        if (n(c, "popped") < n(c, "popCalls") - n(c, "emptyPops")) {
            v.add("popped < popCalls - emptyPops: a non-empty answer without a message");
        }

        long ackFailedCalls = total(errors, "ack");
        long ackErr = n(c, "ackErr");
        if (ackErr < ackFailedCalls) v.add("ackErr (messages) < errors.ack.total (calls that left one not acked)");
        if ((ackErr == 0) != (ackFailedCalls == 0)) v.add("ackErr and errors.ack.total are not 0 together");
        eq(v, "errors.ack.byKind.canceled = ackCanceledCalls", canceled(errors, "ack"), n(c, "ackCanceledCalls"));
        eq(v, "ackCalls = latencyMs.ack.count + (errors.ack.total - byKind.item_failed) + ackCanceledCalls",
                n(c, "ackCalls"), samples(rec, "ack") + ackFailedCalls - kind(errors, "ack", "item_failed")
                        + n(c, "ackCanceledCalls"));
        if (n(c, "ackCalls") == 0 && n(c, "ackMicros") != 0) v.add("ackMicros without an ack call");

        if (mode.equals("app")) {
            JsonNode s = rec.path("section");
            eq(v, "section.ackErrCalls = errors.ack.total", s.path("ackErrCalls").asLong(), ackFailedCalls);
            eq(v, "section.stage2.popErr = errors.stage2Pop.total", s.path("stage2").path("popErr").asLong(),
                    total(errors, "stage2Pop"));
            eq(v, "section.stage2.ackErr = errors.stage2Ack.total", s.path("stage2").path("ackErr").asLong(),
                    total(errors, "stage2Ack"));
        }

        JsonNode conns = rec.path("loader").path("connections");
        if (conns.has("requests")) {
            boolean silent = conns.path("requests").asLong() > 0 && conns.path("answers").asLong() == 0;
            if (conns.path("answers").asLong() > conns.path("requests").asLong()) {
                v.add("loader.connections.answers > requests");
            }
            if (silent != rec.path("setupFailure").isObject()) {
                v.add("setupFailure is set exactly when requests > 0 and answers = 0: " + rec.path("setupFailure"));
            }
        }

        for (Iterator<String> it = c.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            long sum = 0;
            for (JsonNode p : rec.path("phases")) sum += p.path("counters").path(key).asLong();
            if (rec.path("phases").size() > 0) eq(v, "phases' " + key + " add up to counters." + key, sum, n(c, key));
        }
        return v;
    }

    private static void eq(List<String> v, String rule, long actual, long expected) {
        if (actual != expected) v.add(rule + ": " + actual + " != " + expected);
    }

    private static long n(JsonNode counters, String key) {
        return counters.path(key).asLong();
    }

    private static long total(JsonNode errors, String family) {
        return errors.path(family).path("total").asLong();
    }

    private static long kind(JsonNode errors, String family, String kind) {
        return errors.path(family).path("byKind").path(kind).asLong();
    }

    private static long canceled(JsonNode errors, String family) {
        return kind(errors, family, "canceled");
    }

    private static long samples(JsonNode rec, String tag) {
        return rec.path("latencyMs").path(tag).path("count").asLong();
    }

    private static String latencyCounts(JsonNode rec) {
        StringBuilder b = new StringBuilder("{");
        rec.path("latencyMs").properties().forEach(e -> b.append(e.getKey()).append('=')
                .append(e.getValue().path("count").asLong()).append(' '));
        return b.append('}').toString();
    }
}
