package dev.goload.modes.run.thresholds;

/**
 * One threshold evaluated on the whole run: an entry of the record's {@code thresholds} list.
 *
 * @param expr        the expression as given
 * @param metric      its metric
 * @param unit        the base unit of {@code value} and {@code limit} ({@link Dimension#unit()}: {@code ms},
 *                    {@code count}, {@code ratio} (a fraction), {@code 1/s}, {@code cores})
 * @param value       the metric's whole-run value, null when the run has no data for it
 * @param limit       the limit in the same unit (a right-side metric's value times its factor), null when that
 *                    metric has no data
 * @param limitMetric the right side's metric, null for a constant limit
 * @param result      {@code PASS} or {@code FAIL}: FAIL when the comparison does not hold, when a value is missing
 *                    (no data never passes silently), and for the threshold that stopped the run
 * @param abort       true for the threshold that stopped the run ({@code -threshold-abort})
 */
public record ThresholdResult(String expr, String metric, String unit, Double value, Double limit,
                              String limitMetric, String result, boolean abort) {
    public static final String PASS = "PASS";
    public static final String FAIL = "FAIL";

    public boolean passed() {
        return PASS.equals(result);
    }

    public Dimension dimension() {
        for (Dimension d : Dimension.values()) {
            if (d.unit().equals(unit)) return d;
        }
        throw new IllegalStateException("unit " + unit);
    }
}
