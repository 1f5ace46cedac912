package dev.goload.report.html;

import dev.goload.metrics.LatencySummary;
import org.HdrHistogram.Histogram;

/**
 * A histogram's percentile distribution on HdrHistogram's axis: x = 1/(1−q) (1 = the median's neighbourhood at q=0,
 * 10 = p90, 100 = p99, 1000 = p99.9, …), ten points per decade, up to x = the value count, where the maximum is
 * placed. Every run's distribution is sampled at the same x values, so distributions of different runs overlay on
 * shared axes without interpolation. Stateless.
 */
public final class PercentileGrid {
    /** Points per decade of 1/(1−q). */
    static final int PER_DECADE = 10;
    /** The last grid decade: q = 1 − 10⁻⁷. */
    static final int DECADES = 7;

    private PercentileGrid() {}

    /** The grid's x values, 1 … 10^{@value #DECADES}. */
    public static double[] xs() {
        double[] x = new double[PER_DECADE * DECADES + 1];
        for (int j = 0; j < x.length; j++) x[j] = Math.pow(10, (double) j / PER_DECADE);
        return x;
    }

    /**
     * The value (ms) at each grid point of {@link #xs()}; NaN beyond the histogram's count (a run of n values says
     * nothing past q = 1 − 1/n), except the first grid point at or beyond n, which holds the maximum.
     */
    public static double[] valuesMs(Histogram h) {
        double[] x = xs();
        double[] y = new double[x.length];
        long n = h.getTotalCount();
        boolean maxPlaced = n == 0;
        for (int j = 0; j < x.length; j++) {
            if (n == 0) {
                y[j] = Double.NaN;
            } else if (x[j] < n) {
                y[j] = LatencySummary.percentileMs(h, 100.0 * (1 - 1 / x[j]));
            } else if (!maxPlaced) {
                y[j] = h.getMaxValue() / 1000.0;
                maxPlaced = true;
            } else {
                y[j] = Double.NaN;
            }
        }
        return y;
    }
}
