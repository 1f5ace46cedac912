package dev.goload.modes.run.thresholds;

import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunOutcome;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * {@code -threshold-abort SECONDS}: watches the thresholds that can be read per interval (common counters, rates,
 * ratios and latencies of the interval's histograms; not the mode's end-of-run figures) and, when one has been
 * broken in every interval for at least {@code SECONDS} of the run, stops the run with
 * {@code "threshold: <expr>"} as the reason (normally {@code RunSignal::stop}). The run then ends through its normal path (drain, final lines,
 * complete artifacts); the threshold is reported FAIL with {@code abort: true}.
 *
 * <p>A breach starts at the start of the first broken interval and is judged at each interval's end, so with a
 * report period longer than {@code SECONDS} one broken interval is enough. An interval without data for the
 * threshold (no pushes answered, say) neither starts nor heals a breach (a breach in progress goes on through it);
 * an interval where it holds heals it. The
 * partial last interval is not judged: the run is ending anyway.
 *
 * <p>Threading: the listener methods run on the reporter thread; {@link #abortedBy()} may be read from any thread.
 *
 * @param <M> the mode's interval part (not read: only the common figures are watched)
 */
public final class ThresholdAbort<M> implements RunListener<M> {
    private final List<ThresholdSet.Bound> watched;
    private final double abortSeconds;
    private final Consumer<String> stop;
    /** Per watched threshold, the run second its current breach started, NaN when it holds. */
    private final double[] brokenSince;
    /** This interval's latency statistics by metric name, captured while its histograms are valid. */
    private final Map<String, Double> intervalLatency = new HashMap<>();
    private volatile String abortedBy;

    ThresholdAbort(List<ThresholdSet.Bound> watched, int abortSeconds, Consumer<String> stop) {
        if (abortSeconds <= 0) throw new IllegalArgumentException("-threshold-abort must be > 0");
        this.watched = List.copyOf(watched);
        this.abortSeconds = abortSeconds;
        this.stop = stop;
        this.brokenSince = new double[watched.size()];
        java.util.Arrays.fill(brokenSince, Double.NaN);
    }

    /** The expression that stopped the run, or null. */
    public String abortedBy() {
        return abortedBy;
    }

    @Override
    public void onHistogram(String tag, Histogram interval) {
        for (ThresholdSet.Bound b : watched) {
            capture(b.t().metric(), tag, interval);
            if (b.t().rhsMetric() != null) capture(b.t().rhsMetric(), tag, interval);
        }
    }

    private void capture(String metric, String tag, Histogram h) {
        if (!metric.startsWith(tag + ".")) return;
        LatencyStat.parse(metric.substring(tag.length() + 1))
                .map(stat -> stat.of(h, h.getMaxValue()))
                .ifPresent(v -> { if (v.isPresent()) intervalLatency.put(metric, v.getAsDouble()); });
    }

    @Override
    public void onInterval(IntervalSnapshot<? extends M> s) {
        Figures f = interval(s, Map.copyOf(intervalLatency));
        intervalLatency.clear();
        if (s.last() || abortedBy != null) return;
        double start = s.endSec() - s.seconds();
        for (int i = 0; i < watched.size(); i++) {
            Boolean holds = watched.get(i).holds(f);
            if (Boolean.TRUE.equals(holds)) {
                brokenSince[i] = Double.NaN;
                continue;
            }
            if (Double.isNaN(brokenSince[i])) {
                if (holds == null) continue; // no data starts nothing
                brokenSince[i] = start;
            }
            if (s.endSec() - brokenSince[i] >= abortSeconds) {
                String expr = watched.get(i).t().expr();
                abortedBy = expr;
                stop.accept("threshold: " + expr);
                return;
            }
        }
    }

    /** One interval's figures: its counter deltas, its end's totals and the latency statistics captured for it. */
    private static Figures interval(IntervalSnapshot<?> s, Map<String, Double> latency) {
        return new Figures() {
            @Override public RunCounters.Snapshot counts() { return s.delta(); }
            @Override public RunCounters.Snapshot levels() { return s.total(); }
            @Override public double seconds() { return s.seconds(); }

            @Override
            public OptionalDouble latency(String tag, LatencyStat stat) {
                Double v = latency.get(tag + "." + stat.text());
                if (v != null) return OptionalDouble.of(v);
                return stat.text().equals("count") ? OptionalDouble.of(0) : OptionalDouble.empty();
            }

            @Override public OptionalDouble mode(String name) { throw new IllegalStateException("whole run only"); }
            @Override public RunOutcome outcome() { throw new IllegalStateException("whole run only"); }
        };
    }
}
