package dev.goload.modes.ladder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderEvidence;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a point's run record: the {@code goload.run/2} record of any mode (docs/run-record.md), the older
 * openloop/max record ({@code goload.run/1}), or cloud's reference JSON (spec §2.3:
 * offered/achieved/latency/errors/verdict). Stateless.
 */
public final class RunRecordReader {
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private RunRecordReader() {}

    public static PointMetrics read(Path record) throws IOException {
        JsonNode r = JSON.readTree(record.toFile());
        if ("goload.run/2".equals(r.path("schema").asText())) return runV2(r);
        return r.has("achieved") ? cloud(r) : goloadRun(r);
    }

    /**
     * A {@code goload.run/2} record: rates over its {@code load} phase (its counters and its seconds; the whole run
     * when it has no such phase), messages offered = requests × {@code section.pushBatch} (1 when the mode has
     * none), the backlog left when the load phase ended, errors = the push, pop and ack totals, the verdict's result
     * ({@code NONE} reads as {@code UNVERIFIED}).
     */
    static PointMetrics runV2(JsonNode r) {
        JsonNode c = r.path("counters");
        double sec = r.path("durationSec").asDouble(Double.NaN);
        for (JsonNode p : r.path("phases")) {
            if ("load".equals(p.path("name").asText())) {
                c = p.path("counters");
                sec = p.path("endSec").asDouble(Double.NaN) - p.path("startSec").asDouble(Double.NaN);
                break;
            }
        }
        long batch = r.path("section").path("pushBatch").asLong(1);
        JsonNode lat = r.path("latencyMs").path("e2e");
        if (lat.path("count").asLong(0) == 0) lat = r.path("latencyMs").path("push");
        long pushed = c.path("pushedMsgs").asLong(0);
        long popped = c.path("popped").asLong(0);
        long errors = 0;
        for (String family : new String[] {"push", "pop", "ack"}) {
            errors += r.path("errors").path(family).path("total").asLong(0);
        }
        String verdict = r.path("verdict").path("result").asText("NONE");
        return new PointMetrics(c.path("offeredReq").asLong(0) * batch / sec, pushed / sec, popped / sec,
                lat.path("p50").asDouble(Double.NaN), lat.path("p99").asDouble(Double.NaN),
                (c.path("shedCapReq").asLong(0) + c.path("shedBehindReq").asLong(0)) * batch, errors,
                "NONE".equals(verdict) ? "UNVERIFIED" : verdict, loaderBound(r), Math.max(0, pushed - popped), sec,
                epochMs(r.path("startedAt").asText("")), loaderSeries(r.path("loader")));
    }

    static PointMetrics cloud(JsonNode r) {
        double loadSec = r.path("loadSec").asDouble(Double.NaN);
        JsonNode achieved = r.path("achieved");
        JsonNode e2e = r.path("latency").path("e2eFromSchedule");
        long errors = 0;
        for (String family : new String[] {"push", "pop", "ack"}) errors += r.path("errors").path(family).path("total").asLong(0);
        double popLoad = achieved.path("popMsgPerSecLoadPhase").asDouble(Double.NaN);
        long pushed = achieved.path("pushedMsgs").asLong(0);
        long backlog = Double.isNaN(popLoad) || Double.isNaN(loadSec) ? 0 : Math.max(0, pushed - Math.round(popLoad * loadSec));
        return new PointMetrics(r.path("offered").path("msgPerSec").asDouble(Double.NaN),
                achieved.path("pushMsgPerSec").asDouble(Double.NaN), popLoad,
                e2e.path("p50Ms").asDouble(Double.NaN), e2e.path("p99Ms").asDouble(Double.NaN),
                r.path("offered").path("shedMsgs").asLong(0), errors, r.path("verdict").asText("UNVERIFIED"),
                loaderBound(r), backlog, loadSec, epochMs(r.path("startedAt").asText("")),
                loaderSeries(r.path("additions").path("loader")));
    }

    static PointMetrics goloadRun(JsonNode r) {
        JsonNode c = r.path("counters");
        double sec = r.path("durationSec").asDouble(Double.NaN);
        long batch = r.path("config").path("pushBatch").asLong(1);
        JsonNode lat = r.path("latencyMs").path("e2e");
        if (lat.path("count").asLong(0) == 0) lat = r.path("latencyMs").path("push");
        long pushed = c.path("pushedMsgs").asLong(0);
        long popped = c.path("popped").asLong(0);
        return new PointMetrics(c.path("offeredReq").asLong(0) * batch / sec, pushed / sec, popped / sec,
                lat.path("p50").asDouble(Double.NaN), lat.path("p99").asDouble(Double.NaN),
                (c.path("shedCapReq").asLong(0) + c.path("shedBehindReq").asLong(0)) * batch,
                c.path("pushErrReq").asLong(0) + c.path("popErr").asLong(0) + c.path("ackErr").asLong(0),
                "UNVERIFIED", loaderBound(r), Math.max(0, pushed - popped), sec,
                epochMs(r.path("startedAt").asText("")), loaderSeries(r.path("loader")));
    }

    /**
     * The loader's per-interval evidence ({@code loader.intervals}, with {@code loader.rules} and
     * {@code loader.availableProcessors}); null when the record has none (older records) or it does not parse.
     */
    static PointMetrics.LoaderSeries loaderSeries(JsonNode loader) {
        JsonNode iv = loader.path("intervals");
        if (!iv.isArray() || iv.isEmpty()) return null;
        try {
            LoaderBoundRules rules = loader.path("rules").isObject()
                    ? JSON.treeToValue(loader.path("rules"), LoaderBoundRules.class) : LoaderBoundRules.DEFAULTS;
            List<LoaderEvidence> intervals = new ArrayList<>(iv.size());
            for (JsonNode n : iv) intervals.add(JSON.treeToValue(n, LoaderEvidence.class));
            return new PointMetrics.LoaderSeries(rules, loader.path("availableProcessors").asInt(1), intervals);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The record's own self-measurement: top-level {@code loaderBound}, {@code loader.loaderBound}, or (cloud
     * records, whose top level is the reference's) {@code additions.loaderBound}; null if absent.
     */
    private static Boolean loaderBound(JsonNode r) {
        JsonNode[] places = {r.path("loaderBound"), r.path("loader").path("loaderBound"),
                r.path("additions").path("loaderBound")};
        Boolean found = null;
        for (JsonNode n : places) {
            if (n.isBoolean()) {
                found = (found != null && found) || n.asBoolean();
            }
        }
        return found;
    }

    private static long epochMs(String iso) {
        try {
            return iso.isEmpty() ? 0 : Instant.parse(iso).toEpochMilli();
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
