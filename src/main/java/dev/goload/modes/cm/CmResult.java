package dev.goload.modes.cm;

import dev.goload.verify.CmVerdict;
import java.nio.file.Path;

/**
 * The outcome of a {@code cm} run.
 *
 * @param fin          final counters (null when the run never started)
 * @param verdict      the verifier's verdict; null on a setup failure
 * @param setupFailure why the run could not be carried out or verified (logs, warm-up, meta), or null
 * @param errorsByKind push attempts, pops and ack calls that failed, by kind (families in that order)
 * @param e2e          whole-run end-to-end latency of the final stages (from the scheduled instant)
 */
public record CmResult(CmSnapshot fin, CmVerdict verdict, String setupFailure, Path logdir,
                       dev.goload.metrics.LatencySummary e2e,
                       java.util.Map<String, dev.goload.metrics.ErrorStats.Snapshot> errorsByKind) {
    static CmResult setupFailure(String why) {
        return new CmResult(null, null, why, null, dev.goload.metrics.LatencySummary.EMPTY, java.util.Map.of());
    }
}
