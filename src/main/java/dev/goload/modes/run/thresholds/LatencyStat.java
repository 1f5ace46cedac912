package dev.goload.modes.run.thresholds;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * The statistic a latency metric {@code <tag>.<stat>} reads from a histogram: {@code pNN}, {@code pNN.N} (any
 * percentile in (0, 100]; {@code p999} is 99.9 and {@code p9999} 99.99, as the report lines name them), {@code max},
 * {@code mean} or {@code count}. Read from the histogram itself, with the run-record summary's rule (a percentile is
 * its bucket's highest equivalent value clamped to the exact max), so {@code push.p99} equals the record's
 * {@code latencyMs.push.p99}.
 *
 * @param text       the statistic as written ({@code p99.9})
 * @param percentile 0..100 for a percentile, else NaN
 */
public record LatencyStat(String text, double percentile) {
    private static final Pattern PERCENTILE = Pattern.compile("p(\\d+)(?:\\.(\\d+))?");

    /** The statistics every tag offers in listings and suggestions. */
    public static final java.util.List<String> LISTED = java.util.List.of("p50", "p90", "p95", "p99", "p999", "max",
            "mean", "count");

    /** The statistic {@code text} names, if it names one. */
    public static Optional<LatencyStat> parse(String text) {
        if (text.equals("max") || text.equals("mean") || text.equals("count")) {
            return Optional.of(new LatencyStat(text, Double.NaN));
        }
        Matcher m = PERCENTILE.matcher(text);
        if (!m.matches()) return Optional.empty();
        String whole = m.group(1);
        double p;
        if (m.group(2) != null) {
            p = Double.parseDouble(whole + "." + m.group(2));
        } else if (whole.length() <= 2 || whole.equals("100")) {
            p = Double.parseDouble(whole);
        } else { // p999 = 99.9, p9999 = 99.99: the digits after the first two are decimals
            p = Double.parseDouble(whole.substring(0, 2) + "." + whole.substring(2));
        }
        if (p <= 0 || p > 100) return Optional.empty();
        return Optional.of(new LatencyStat(text, p));
    }

    /** The statistic's dimension: a count for {@code count}, a time otherwise. */
    public Dimension dimension() {
        return text.equals("count") ? Dimension.COUNT : Dimension.TIME;
    }

    /**
     * The statistic of {@code h} (µs) in ms (or the count); empty when {@code h} recorded nothing, except
     * {@code count}, which is then 0.
     *
     * @param maxMicros the exact largest value recorded (percentiles are clamped to it)
     */
    public OptionalDouble of(Histogram h, long maxMicros) {
        long n = h.getTotalCount();
        if (text.equals("count")) return OptionalDouble.of(n);
        if (n == 0) return OptionalDouble.empty();
        return OptionalDouble.of(switch (text) {
            case "max" -> maxMicros / 1000.0;
            case "mean" -> h.getMean() / 1000.0;
            default -> Math.min(h.getValueAtPercentile(percentile), maxMicros) / 1000.0;
        });
    }
}
