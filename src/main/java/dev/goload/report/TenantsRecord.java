package dev.goload.report;

import dev.goload.metrics.ErrorStats;
import dev.goload.modes.RunResult;
import dev.goload.modes.tenants.TenantsResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The run record of {@code -mode tenants}: {@code <dir>/<run-id>.json}, schema {@code goload.run/1}, in the
 * shape of the openloop record (goload.run/1) minus its per-interval parts: the header (mode, version,
 * config line, masked flags, host), start, end, stop reason, the counters of the final line, the keep-alive
 * reconnects, the errors by kind,
 * the loader's self-measurement. Written atomically once the run has ended, whatever it achieved (a run whose
 * every push failed is the one that most needs its record).
 */
public final class TenantsRecord {
    private TenantsRecord() {}

    /** Writes the record and returns its path. */
    public static Path write(Path dir, String runId, Map<String, Object> header, long startedEpochMs,
                             long endedEpochMs, String stopReason, TenantsResult r, long reconnects,
                             Map<String, ErrorStats.Snapshot> errors, RunResult.LoaderSummary loader)
            throws IOException {
        Map<String, Object> rec = new LinkedHashMap<>(); // the opening of RunArtifacts.head (deleted), same order
        rec.put("schema", "goload.run/1");
        rec.putAll(header);
        rec.put("runId", runId);
        rec.put("startedAt", java.time.Instant.ofEpochMilli(startedEpochMs).toString());
        rec.put("endedAt", java.time.Instant.ofEpochMilli(endedEpochMs).toString());
        rec.put("durationSec", (endedEpochMs - startedEpochMs) / 1000.0);
        rec.put("stopReason", stopReason);
        rec.put("counters", counters(r));
        rec.put("reconnects", reconnects);
        rec.put("errors", errors);
        rec.put("loader", loader);
        rec.put("loaderBound", loader.loaderBound());
        return JsonFiles.writeAtomically(dir.resolve(runId + ".json"), rec);
    }

    private static Map<String, Object> counters(TenantsResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pushed", r.pushed());
        m.put("popped", r.popped());
        m.put("acked", r.acked());
        m.put("emptyPops", r.emptyPops());
        m.put("tail", r.tail());
        m.put("tailQueues", r.tailQueues());
        m.put("pushErr", r.pushErr());
        m.put("popErr", r.popErr());
        m.put("ackErr", r.ackErr());
        m.put("backoffs", r.backoffs());
        m.put("backoffMs", r.backoffMillis());
        return m;
    }
}
