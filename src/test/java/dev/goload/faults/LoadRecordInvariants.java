package dev.goload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.report.RecordSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The invariants every {@code openloop} / {@code max} run record must hold whatever the broker did (goload.run/1):
 * <ul>
 *   <li>offered = sent + shed (cap + behind);</li>
 *   <li>sent = achieved + failed + canceled (sent, then cut off by the shutdown: neither);</li>
 *   <li>failed = Σ push error kinds, popErr = Σ pop error kinds; no kind {@code other};</li>
 *   <li>the phases' counters add up to the totals, and so do the CSV's per-interval counts; nothing in flight at
 *       the end;</li>
 *   <li>the record validates against the goload.run/2 schema;</li>
 *   <li>the artifacts are complete: the record, the CSV (one row per interval), the .hlog (parseable, every
 *       interval's push histogram).</li>
 * </ul>
 */
public final class LoadRecordInvariants {
    private LoadRecordInvariants() {}

    /** Checks them all on {@code run}'s artifacts and returns the record's counters. */
    static JsonNode check(FaultRun run) throws IOException {
        JsonNode c = countersAndHlog(run);
        JsonNode rec = run.record();
        assertEquals(0, rec.path("artifactErrors").size(), run.toString());
        List<String> csv = Files.readAllLines(run.dir().resolve("run.intervals.csv"));
        assertEquals(rec.get("intervals").asInt(), csv.size() - 1, "one CSV row per interval");
        List<String> header = List.of(csv.getFirst().split(","));
        for (String row : csv.subList(1, csv.size())) assertEquals(header.size(), row.split(",", -1).length, row);
        // per-interval counts (not rates) of the CSV add up to the record's totals
        for (String[] col : new String[][] {{"shed_cap_req", "shedCapReq"}, {"shed_behind_req", "shedBehindReq"},
                {"failed_req", "pushErrReq"}}) {
            int i = header.indexOf(col[0]);
            long sum = csv.subList(1, csv.size()).stream().mapToLong(r -> Long.parseLong(r.split(",", -1)[i])).sum();
            assertEquals(c.get(col[1]).asLong(), sum, "CSV column " + col[0] + " adds up\n" + run);
        }
        return c;
    }

    /** Every invariant but the interval CSV's (for runs whose CSV could not be written). */
    static JsonNode countersAndHlog(FaultRun run) throws IOException {
        return countersAndHlog(run.dir(), run.toString());
    }

    /**
     * As {@link #countersAndHlog(FaultRun)} for the artifacts {@code run.json} and {@code run.hlog} in {@code dir}.
     * Returns {@link #counters} of the record.
     */
    public static JsonNode countersAndHlog(java.nio.file.Path dir, String context) throws IOException {
        JsonNode rec = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("run.json").toFile());
        RecordSchema.assertValid(rec);
        dev.goload.report.RecordConsistency.assertConsistent(rec);
        JsonNode c = counters(rec);
        String where = context + "\n--- record counters\n" + c;
        long offered = c.get("offeredReq").asLong();
        long sent = c.get("sentReq").asLong();
        long shed = c.get("shedCapReq").asLong() + c.get("shedBehindReq").asLong();
        long achieved = c.get("achievedReq").asLong();
        long failed = c.get("pushErrReq").asLong();
        long canceled = c.get("pushCanceledReq").asLong();
        assertTrue(offered > 0, where);
        assertEquals(offered, sent + shed, "offered = sent + shed\n" + where);
        assertEquals(sent, achieved + failed + canceled, "sent = achieved + failed + canceled\n" + where);
        assertEquals(failed, kinds(c, "push."), "failed = sum of push error kinds\n" + where);
        assertEquals(c.get("popErr").asLong(), kinds(c, "pop."), "popErr = sum of pop error kinds\n" + where);
        for (Iterator<String> it = c.get("errorsByKind").fieldNames(); it.hasNext(); ) {
            String k = it.next();
            assertFalse(k.endsWith(".other"), "an unclassified failure: " + k + "\n" + where);
        }
        assertEquals(0, rec.get("inflightAtEnd").asInt(), where);

        JsonNode phases = rec.get("phases");
        assertEquals("load", phases.get(0).get("name").asText(), where);
        for (String f : List.of("offeredReq", "sentReq", "achievedReq", "pushErrReq", "popErr", "backoffs")) {
            long sum = 0;
            for (JsonNode p : phases) sum += p.get("counters").get(f).asLong();
            assertEquals(c.get(f).asLong(), sum, "phase counters of " + f + " add up\n" + where);
        }

        Map<String, Long> hlogCounts = new java.util.TreeMap<>();
        try (InputStream in = Files.newInputStream(dir.resolve("run.hlog"))) {
            HistogramLogReader r = new HistogramLogReader(in);
            for (EncodableHistogram h; (h = r.nextIntervalHistogram()) != null; ) {
                hlogCounts.merge(h.getTag(), ((org.HdrHistogram.Histogram) h).getTotalCount(), Long::sum);
            }
        }
        // the .hlog is complete when its interval histograms add up to the record's whole-run counts, tag by tag
        for (Iterator<Map.Entry<String, JsonNode>> it = rec.get("latencyMs").properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            assertEquals(e.getValue().get("count").asLong(), hlogCounts.getOrDefault(e.getKey(), 0L),
                    "the .hlog holds every " + e.getKey() + " sample: " + hlogCounts + "\n" + where);
        }
        assertTrue(hlogCounts.containsKey("push") || hlogCounts.containsKey("failed"), hlogCounts.toString());
        return c;
    }

    /**
     * The record's {@code counters}, with the error kinds of its {@code errors} families flattened under
     * {@code errorsByKind} as {@code <op>.<kind>} ({@code push.conn}), the way the fault tests name them.
     */
    public static JsonNode counters(JsonNode rec) {
        ObjectNode c = ((ObjectNode) rec.get("counters")).deepCopy();
        ObjectNode kinds = c.putObject("errorsByKind");
        rec.get("errors").properties().forEach(op -> op.getValue().get("byKind").properties()
                .forEach(k -> kinds.put(op.getKey() + "." + k.getKey(), k.getValue().asLong())));
        return c;
    }

    /** Σ of the error kinds of one operation ({@code push.}, {@code pop.}, {@code ack.}). */
    static long kinds(JsonNode counters, String op) {
        long sum = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = counters.get("errorsByKind").properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().startsWith(op)) sum += e.getValue().asLong();
        }
        return sum;
    }

    /** The count of one error kind ({@code push.conn}), 0 when absent. */
    public static long kind(JsonNode counters, String key) {
        return counters.get("errorsByKind").path(key).asLong(0);
    }
}
