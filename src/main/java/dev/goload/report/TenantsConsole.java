package dev.goload.report;

import dev.goload.metrics.ErrorStats;
import dev.goload.modes.RunResult;
import dev.goload.modes.tenants.TenantsInterval;
import dev.goload.modes.tenants.TenantsResult;
import dev.goload.modes.tenants.TenantsRun;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code -mode tenants} report and final lines (goload-behavior.md §2.7), byte for byte with Go's number
 * formatting. goload's additions (keep-alive reconnects, the loader's self-measurement) come before the
 * reference's {@code [final]} line, which stays the last line starting {@code [final]}. Called from the run's
 * reporter thread, then the command's.
 */
public final class TenantsConsole implements TenantsRun.Listener {
    private final PrintStream out;

    public TenantsConsole(PrintStream out) {
        this.out = out;
    }

    @Override
    public void onInterval(TenantsInterval iv) {
        out.printf(Locale.ROOT, "[%s] push=%s/s pop=%s/s ack=%s/s empty=%s/s | e2e p50=%s p99=%s ms | lag=%d"
                        + " | errs push=%d pop=%d ack=%d gor=%d%n", GoFmt.hms(iv.epochMs()), GoFmt.f(7, 0, iv.pushPerSec()),
                GoFmt.f(7, 0, iv.popPerSec()), GoFmt.f(7, 0, iv.ackPerSec()), GoFmt.f(7, 0, iv.emptyPerSec()),
                GoFmt.f(7, 2, iv.e2eP50Ms()), GoFmt.f(8, 2, iv.e2eP99Ms()), iv.lag(), iv.pushErr(), iv.popErr(),
                iv.ackErr(), iv.liveTasks());
    }

    /**
     * The reference's blank line, goload's {@code [final] +} lines (the client's keep-alive reconnects, the loader's
     * self-measurement, a {@code [final] + errors <family> kind=n … (first: message)} line per error family that had
     * any: its counts say how many failed, this line says why, the error backoffs), then the reference's final line.
     */
    public void printFinal(TenantsResult r, RunResult.LoaderSummary loader, long reconnects,
                           Map<String, ErrorStats.Snapshot> errors) {
        out.println();
        ReconnectLines.printFinal(out, reconnects);
        LoaderLines.printFinal(out, loader);
        ErrorKindLines.print(out, "[final] + ", errors);
        out.println(BackoffLine.of(r.backoffs(), r.backoffMillis()));
        out.printf(Locale.ROOT, "[final] pushed=%d popped=%d acked=%d empty=%d | tail: %d msgs across %d queues"
                        + " | errs push=%d pop=%d ack=%d%n", r.pushed(), r.popped(), r.acked(), r.emptyPops(), r.tail(),
                r.tailQueues(), r.pushErr(), r.popErr(), r.ackErr());
    }
}
