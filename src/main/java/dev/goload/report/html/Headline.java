package dev.goload.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** The headline figures of a run that {@code goload compare} sets side by side, each from the record. Stateless. */
final class Headline {
    /** One figure: its name and how to read it from a record (NaN when the run has none). */
    record Figure(String name, ToDoubleFunction<RunRecord> value) {}

    static final List<Figure> FIGURES = List.of(
            new Figure("duration s", RunRecord::durationSec),
            new Figure("offered req/s", r -> rate(r, r.counter("offeredReq"))),
            new Figure("achieved req/s", r -> rate(r, r.counter("achievedReq"))),
            new Figure("pushed msg/s", r -> rate(r, r.counter("pushedMsgs"))),
            new Figure("popped msg/s", r -> rate(r, r.counter("popped"))),
            new Figure("shed req", r -> r.counter("shedCapReq") + r.counter("shedBehindReq")),
            new Figure("push errors (req)", r -> r.counter("pushErrReq")),
            new Figure("pop errors", r -> r.counter("popErr")),
            new Figure("ack errors", r -> r.counter("ackErr")),
            new Figure("push p50 ms", r -> r.latency("push", "p50")),
            new Figure("push p99 ms", r -> r.latency("push", "p99")),
            new Figure("push p99.9 ms", r -> r.latency("push", "p999")),
            new Figure("push max ms", r -> r.latency("push", "max")),
            new Figure("service p99 ms", r -> r.latency("service", "p99")),
            new Figure("e2e p99 ms", r -> r.latency("e2e", "p99")),
            new Figure("loader cpu avg cores", r -> r.loader().cpuCoresAvg()),
            new Figure("loader gc pause ms", r -> r.loader().gcPauseMs()),
            new Figure("loader peak rss MB", r -> r.loader().peakRssBytes() / 1048576.0),
            new Figure("connections opened", r -> r.loader().connection("opened")),
            new Figure("connections peak open", r -> r.loader().connection("peakOpen")),
            new Figure("TIME_WAIT peak", r -> r.loader().connection("timeWaitPeak")),
            new Figure("loader-bound (1 = yes)", r -> r.loader().loaderBound() ? 1 : 0));

    private Headline() {}

    private static double rate(RunRecord r, long count) {
        return r.durationSec() > 0 ? count / r.durationSec() : Double.NaN;
    }

    /**
     * The table: per figure, each run's value, then for every run after the first its difference from the first,
     * absolute and relative.
     */
    static List<List<String>> rows(List<RunRecord> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (Figure f : FIGURES) {
            double base = f.value().applyAsDouble(runs.getFirst());
            List<String> row = new ArrayList<>();
            row.add(f.name());
            List<String> deltas = new ArrayList<>();
            boolean any = false;
            for (int i = 0; i < runs.size(); i++) {
                double v = f.value().applyAsDouble(runs.get(i));
                any |= Double.isFinite(v) && v != 0;
                row.add(Html.num(v));
                if (i > 0) {
                    deltas.add(Double.isFinite(v) && Double.isFinite(base) ? signed(v - base) : "-");
                    deltas.add(Double.isFinite(v) && Double.isFinite(base) && base != 0
                            ? String.format(java.util.Locale.ROOT, "%+.1f%%", 100 * (v - base) / Math.abs(base)) : "-");
                }
            }
            row.addAll(deltas);
            if (any) rows.add(row);
        }
        return rows;
    }

    static List<String> header(List<String> names) {
        List<String> h = new ArrayList<>();
        h.add("figure");
        h.addAll(names);
        for (int i = 1; i < names.size(); i++) {
            h.add(names.get(i) + "-" + names.getFirst());
            h.add(names.get(i) + " vs " + names.getFirst());
        }
        return h;
    }

    private static String signed(double d) {
        String s = Html.num(d);
        return d > 0 ? "+" + s : s;
    }
}
