package dev.goload.modes.run.thresholds;

import dev.goload.modes.RunSignal;
import dev.goload.modes.run.RunOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A run's {@code -threshold} expressions, each checked against the mode's {@link MetricCatalog} (known metrics,
 * matching dimensions, units that fit), then evaluated at the end on the whole run's exact histograms and counters
 * ({@link #evaluate}) and, with {@code -threshold-abort}, watched interval by interval ({@link #watch}). Immutable.
 */
public final class ThresholdSet {
    /** An expression with its metrics resolved; {@code limit} is the constant in base units (or the factor). */
    record Bound(Threshold t, Metric left, Metric right, double limit) {
        boolean live() {
            return left.live() && (right == null || right.live());
        }

        /** The value and the limit on {@code f}; either is empty without data. */
        OptionalDouble[] read(Figures f) {
            OptionalDouble v = left.value(f);
            if (right == null) return new OptionalDouble[] {v, OptionalDouble.of(limit)};
            OptionalDouble r = right.value(f);
            return new OptionalDouble[] {v, r.isPresent() ? OptionalDouble.of(limit * r.getAsDouble()) : r};
        }

        /** Whether the threshold holds on {@code f}: null when there is no data to say. */
        Boolean holds(Figures f) {
            OptionalDouble[] vl = read(f);
            if (vl[0].isEmpty() || vl[1].isEmpty()) return null;
            return t.op().holds(vl[0].getAsDouble(), vl[1].getAsDouble());
        }
    }

    public static final ThresholdSet NONE = new ThresholdSet(List.of());

    private final List<Bound> bound;

    private ThresholdSet(List<Bound> bound) {
        this.bound = List.copyOf(bound);
    }

    /**
     * Parses and checks every expression against {@code catalog}.
     *
     * @throws ThresholdException for the first expression that is malformed, names an unknown metric (see
     *                            {@link ThresholdException#unknownMetric}) or mixes dimensions or units
     */
    public static ThresholdSet of(List<String> expressions, MetricCatalog catalog) {
        List<Bound> b = new ArrayList<>();
        for (String e : expressions) b.add(bind(Threshold.parse(e), catalog));
        return new ThresholdSet(b);
    }

    private static Bound bind(Threshold t, MetricCatalog catalog) {
        Metric left = resolve(t, t.metric(), catalog);
        if (t.rhsMetric() == null) {
            try {
                return new Bound(t, left, null, left.dimension().toBase(t.number(), t.unit(), t.metric()));
            } catch (ThresholdException e) {
                throw new ThresholdException("-threshold \"" + t.expr() + "\": " + e.getMessage());
            }
        }
        Metric right = resolve(t, t.rhsMetric(), catalog);
        if (left.dimension() != right.dimension()) {
            throw new ThresholdException("-threshold \"" + t.expr() + "\": " + t.metric() + " is "
                    + left.dimension().noun() + " but " + t.rhsMetric() + " is " + right.dimension().noun()
                    + "; compare like with like");
        }
        return new Bound(t, left, right, t.number());
    }

    private static Metric resolve(Threshold t, String name, MetricCatalog catalog) {
        return catalog.resolve(name).orElseThrow(() -> {
            int dot = name.indexOf('.');
            String why = dot > 0 && catalog.hasTag(name.substring(0, dot))
                    ? name.substring(0, dot) + " has no statistic " + name.substring(dot + 1)
                            + " (pNN, pNN.N, max, mean or count)"
                    : "unknown metric " + name;
            return new ThresholdException("-threshold \"" + t.expr() + "\": " + why, name);
        });
    }

    public boolean isEmpty() {
        return bound.isEmpty();
    }

    /** The expressions, in the order given. */
    public List<Threshold> thresholds() {
        return bound.stream().map(Bound::t).toList();
    }

    /** The expressions {@code -threshold-abort} can watch: every metric they read exists per interval. */
    public List<Threshold> watchable() {
        return bound.stream().filter(Bound::live).map(Bound::t).toList();
    }

    /**
     * Evaluates every threshold on the whole run: the outcome's exact histograms and counters, and the mode's own
     * figures ({@code modeFigures}, by {@link MetricCatalog#withModeFigure} name).
     *
     * @param abortedBy the expression that stopped the run, or null; it fails whatever the whole run says
     */
    public List<ThresholdResult> evaluate(RunOutcome outcome, Map<String, ? extends Number> modeFigures,
                                          String abortedBy) {
        Figures f = Figures.wholeRun(outcome, modeFigures);
        List<ThresholdResult> out = new ArrayList<>();
        for (Bound b : bound) {
            OptionalDouble[] vl = b.read(f);
            boolean abort = b.t().expr().equals(abortedBy);
            Boolean holds = b.holds(f);
            boolean pass = Boolean.TRUE.equals(holds) && !abort;
            out.add(new ThresholdResult(b.t().expr(), b.t().metric(), b.left().dimension().unit(), boxed(vl[0]),
                    boxed(vl[1]), b.t().rhsMetric(), pass ? ThresholdResult.PASS : ThresholdResult.FAIL, abort));
        }
        return out;
    }

    /** A listener that stops the run through {@code signal} when a watchable threshold stays broken that long. */
    public <M> ThresholdAbort<M> watch(int abortSeconds, RunSignal signal) {
        return watch(abortSeconds, signal::stop);
    }

    /** As {@link #watch(int, RunSignal)}, stopping through {@code stop} (given the reason) for an engine without one. */
    public <M> ThresholdAbort<M> watch(int abortSeconds, java.util.function.Consumer<String> stop) {
        return new ThresholdAbort<>(bound.stream().filter(Bound::live).toList(), abortSeconds, stop);
    }

    private static Double boxed(OptionalDouble d) {
        return d.isPresent() ? d.getAsDouble() : null;
    }
}
