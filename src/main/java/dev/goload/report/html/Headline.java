package dev.goload.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The headline figures of a run that {@code goload compare} sets side by side, each from the record. Every value
 * of a unit is written in that unit's one format ({@link Unit}), in the console table and the HTML table alike, so a
 * row never mixes {@code 99.920} with {@code 159.9}. Stateless.
 */
final class Headline {
    /**
     * A figure's unit and its one format: the values, the differences (signed, the same decimals; an exact 0
     * unsigned) and, in {@link CompareHtml}, any other column of that unit.
     */
    enum Unit {
        /** Seconds, to the millisecond the record measures. */
        SECONDS(3),
        /** Requests or messages per second. */
        RATE(1),
        /** Counted things: requests, errors, sockets, a yes/no as 1/0. */
        COUNT(0),
        /** Milliseconds, to the microsecond the histograms record. */
        MS(3),
        CORES(2),
        MB(1);

        final int decimals;

        Unit(int decimals) {
            this.decimals = decimals;
        }

        String format(double v) {
            if (!Double.isFinite(v)) return "-";
            return String.format(Locale.ROOT, "%." + decimals + "f", v == 0 ? 0.0 : v); // never "-0.000"
        }

        String signed(double d) {
            if (!Double.isFinite(d)) return "-";
            return Math.abs(d) < 0.5 * Math.pow(10, -decimals) ? format(0) : (d > 0 ? "+" : "") + format(d);
        }
    }

    /** One figure: its name, its unit and how to read it from a record (NaN when the run has none). */
    record Figure(String name, Unit unit, ToDoubleFunction<RunRecord> value) {}

    static final List<Figure> FIGURES = List.of(
            new Figure("duration s", Unit.SECONDS, RunRecord::durationSec),
            new Figure("offered req/s", Unit.RATE, r -> rate(r, r.counter("offeredReq"))),
            new Figure("achieved req/s", Unit.RATE, r -> rate(r, r.counter("achievedReq"))),
            new Figure("pushed msg/s", Unit.RATE, r -> rate(r, r.counter("pushedMsgs"))),
            new Figure("popped msg/s", Unit.RATE, r -> rate(r, r.counter("popped"))),
            new Figure("shed req", Unit.COUNT, r -> r.counter("shedCapReq") + r.counter("shedBehindReq")),
            new Figure("push errors (req)", Unit.COUNT, r -> r.counter("pushErrReq")),
            new Figure("pop errors", Unit.COUNT, r -> r.counter("popErr")),
            new Figure("ack errors", Unit.COUNT, r -> r.counter("ackErr")),
            new Figure("push p50 ms", Unit.MS, r -> r.latency("push", "p50")),
            new Figure("push p99 ms", Unit.MS, r -> r.latency("push", "p99")),
            new Figure("push p99.9 ms", Unit.MS, r -> r.latency("push", "p999")),
            new Figure("push max ms", Unit.MS, r -> r.latency("push", "max")),
            new Figure("service p99 ms", Unit.MS, r -> r.latency("service", "p99")),
            new Figure("e2e p99 ms", Unit.MS, r -> r.latency("e2e", "p99")),
            new Figure("loader cpu avg cores", Unit.CORES, r -> r.loader().cpuCoresAvg()),
            new Figure("loader gc pause ms", Unit.MS, r -> r.loader().gcPauseMs()),
            new Figure("loader peak rss MB", Unit.MB, r -> r.loader().peakRssBytes() / 1048576.0),
            new Figure("connections opened", Unit.COUNT, r -> r.loader().connection("opened")),
            new Figure("connections peak open", Unit.COUNT, r -> r.loader().connection("peakOpen")),
            new Figure("TIME_WAIT peak", Unit.COUNT, r -> r.loader().connection("timeWaitPeak")),
            new Figure("loader-bound (1 = yes)", Unit.COUNT, r -> r.loader().loaderBound() ? 1 : 0));

    private Headline() {}

    private static double rate(RunRecord r, long count) {
        return r.durationSec() > 0 ? count / r.durationSec() : Double.NaN;
    }

    /**
     * The table: per figure, each run's value, then for every run after the first its difference from the first,
     * absolute (in the figure's unit and format) and relative ({@code %+.1f%%}, "-" from a base of 0).
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
                row.add(f.unit().format(v));
                if (i > 0) {
                    deltas.add(f.unit().signed(v - base));
                    deltas.add(Double.isFinite(v) && Double.isFinite(base) && base != 0
                            ? String.format(Locale.ROOT, "%+.1f%%", 100 * (v - base) / Math.abs(base)) : "-");
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
}
