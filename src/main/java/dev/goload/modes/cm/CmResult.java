package dev.goload.modes.cm;

import dev.goload.modes.run.RunOutcome;
import dev.goload.verify.CmVerdict;
import java.nio.file.Path;

/**
 * The outcome of a {@code cm} run.
 *
 * @param fin          final figures of the report lines (null when the run never started)
 * @param verdict      the verifier's verdict; null on a setup failure
 * @param setupFailure why the run could not be carried out or verified (logs, warm-up, meta), or null
 * @param outcome      the mode-independent outcome (common counters, error families, latency, loader, verdict)
 * @param section      cm's own figures for the run record
 */
public record CmResult(CmSnapshot fin, CmVerdict verdict, String setupFailure, Path logdir, RunOutcome outcome,
                       CmSection section) {}
