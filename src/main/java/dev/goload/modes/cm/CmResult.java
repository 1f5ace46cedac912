package dev.goload.modes.cm;

import dev.goload.verify.CmVerdict;
import java.nio.file.Path;

/**
 * The outcome of a {@code cm} run.
 *
 * @param fin          final counters (null when the run never started)
 * @param verdict      the verifier's verdict; null on a setup failure
 * @param setupFailure why the run could not be carried out or verified (logs, warm-up, meta), or null
 */
public record CmResult(CmSnapshot fin, CmVerdict verdict, String setupFailure, Path logdir) {
    static CmResult setupFailure(String why) {
        return new CmResult(null, null, why, null);
    }
}
