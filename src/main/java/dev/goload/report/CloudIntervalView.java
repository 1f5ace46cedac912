package dev.goload.report;

import dev.goload.metrics.LatencySummary;
import dev.goload.modes.cloud.CloudCounters;
import dev.goload.modes.run.IntervalSnapshot;
import java.util.Map;

/**
 * One cloud interval in the reference's columns (goload-behavior.md §2.3), shared by the console line and the CSV row:
 * rates of the interval per measured second, the error, empty and cross columns cumulative, {@code e2e} and
 * {@code pushRTT} from the common {@code e2e} and {@code service} recorders. An error family's count excludes
 * {@code canceled} (cut off by the shutdown, never a failure), as its total does.
 */
record CloudIntervalView(IntervalSnapshot<? extends CloudCounters.Snapshot> s, int pushBatch) {

    /** Whether the listeners show it: every boundary, and the partial last interval only when over 100 ms. */
    boolean shown() {
        return !s.last() || s.seconds() > 0.1;
    }

    double offeredMsgPerSec() {
        return s.rate(s.delta().offeredReq() * (long) pushBatch);
    }

    double shedMsgPerSec() {
        return s.rate(s.delta().shedReq() * (long) pushBatch);
    }

    double pushedMsgPerSec() {
        return s.rate(s.delta().pushedMsgs());
    }

    double poppedMsgPerSec() {
        return s.rate(s.delta().popped());
    }

    double ackedMsgPerSec() {
        return s.rate(s.delta().acked());
    }

    LatencySummary e2e() {
        return s.latency("e2e");
    }

    LatencySummary pushRtt() {
        return s.latency("service");
    }

    long lag() {
        return s.total().pushedMsgs() - s.total().popped();
    }

    long errors(String family) {
        long n = 0;
        for (Map.Entry<String, Long> e : s.total().errorsByKind().entrySet()) {
            if (e.getKey().startsWith(family + ".") && !e.getKey().equals(family + ".canceled")) {
                n += e.getValue();
            }
        }
        return n;
    }

    /** Errors of one kind summed over push, pop and ack (the 429/403/5xx/to/conn columns). */
    long errorsOfKind(String kind) {
        Map<String, Long> k = s.total().errorsByKind();
        return k.getOrDefault("push." + kind, 0L) + k.getOrDefault("pop." + kind, 0L)
                + k.getOrDefault("ack." + kind, 0L);
    }

    long emptyPops() {
        return s.total().emptyPops();
    }

    long crossTenant() {
        CloudCounters.Snapshot m = s.mode();
        return m == null ? 0 : m.crossTenant();
    }
}
