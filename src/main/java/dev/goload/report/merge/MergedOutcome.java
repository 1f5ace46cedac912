package dev.goload.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The merged run as the {@link RunOutcome} a single run's engine would have returned, so the thresholds of a merged
 * run are evaluated by the same engine and metrics as a single run's ({@code cli.ResultPipeline}): its counters,
 * span, end-of-run levels and loader summary from the merged record, and its latencies from the added whole-run
 * histograms (exact; the maxima are the shards' exact maxima). Phases and error families are left out: no threshold
 * reads them ({@code errors.configure} reads the counters' error kinds, which are here).
 */
final class MergedOutcome {
    private MergedOutcome() {}

    /** @param latency the merged record's summaries ({@link RecordMerge#latency}) of the {@code whole} histograms */
    static RunOutcome of(JsonNode record, Map<String, Histogram> whole, Map<String, LatencySummary> latency) {
        JsonNode v = record.path("verdict");
        List<String> findings = new ArrayList<>();
        v.path("findings").forEach(f -> findings.add(f.asText()));
        Verdict verdict = new Verdict(Verdict.Result.valueOf(v.path("result").asText("NONE")),
                v.path("exitCode").asInt(), findings);
        return new RunOutcome(record.path("mode").asText(), record.path("runId").asText(),
                epochMs(record, "startedAt"), epochMs(record, "endedAt"), record.path("stopReason").asText(),
                List.of(), counters(record), Map.of(), latency, Map.copyOf(whole), loader(record.path("loader")), null, null,
                verdict, record.path("inflightAtEnd").asInt(), record.path("reconnects").asLong(),
                record.path("intervals").asInt());
    }

    private static long epochMs(JsonNode record, String field) {
        return Instant.parse(record.path(field).asText()).toEpochMilli();
    }

    /** The record's {@code counters} (docs/run-record.md's vocabulary) and its error kinds as {@code <op>.<kind>}. */
    static RunCounters.Snapshot counters(JsonNode record) {
        JsonNode c = record.path("counters");
        Map<String, Long> kinds = new TreeMap<>();
        record.path("errors").properties().forEach(op -> op.getValue().path("byKind").properties()
                .forEach(k -> kinds.put(op.getKey() + "." + k.getKey(), k.getValue().asLong())));
        return new RunCounters.Snapshot(c.path("offeredReq").asLong(), c.path("sentReq").asLong(),
                c.path("achievedReq").asLong(), c.path("shedCapReq").asLong(), c.path("shedBehindReq").asLong(),
                c.path("pushedMsgs").asLong(), c.path("pushErrReq").asLong(), c.path("itemFailed").asLong(),
                c.path("itemDuplicate").asLong(), c.path("itemBuffered").asLong(), c.path("popped").asLong(),
                c.path("popCalls").asLong(), c.path("popErr").asLong(), c.path("emptyPops").asLong(),
                c.path("acked").asLong(), c.path("ackErr").asLong(), c.path("ackCalls").asLong(),
                c.path("ackMicros").asLong(), c.path("pushCanceledReq").asLong(), c.path("popCanceledCalls").asLong(),
                c.path("ackCanceledCalls").asLong(), c.path("backoffs").asLong(), c.path("backoffMillis").asLong(),
                kinds);
    }

    private static RunResult.LoaderSummary loader(JsonNode l) {
        List<String> reasons = new ArrayList<>();
        l.path("reasons").forEach(r -> reasons.add(r.asText()));
        return new RunResult.LoaderSummary(l.path("availableProcessors").asInt(), l.path("cpuCoresAvg").asDouble(),
                l.path("cpuCoresMax").asDouble(), l.path("cpuSeconds").asDouble(), l.path("gcPauses").asLong(),
                l.path("gcPauseMs").asDouble(), l.path("peakRssBytes").asLong(), l.path("loaderBound").asBoolean(),
                reasons);
    }
}
