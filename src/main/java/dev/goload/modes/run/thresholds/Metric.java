package dev.goload.modes.run.thresholds;

import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * A name a threshold may use: its dimension, whether it can be read from one interval (so {@code -threshold-abort}
 * can watch it), and how it is read.
 */
record Metric(String name, Dimension dimension, boolean live, Function<Figures, OptionalDouble> read) {

    OptionalDouble value(Figures f) {
        return read.apply(f);
    }

    static OptionalDouble of(double v) {
        return OptionalDouble.of(v);
    }

    /** {@code num / den}, empty when nothing was counted in the denominator. */
    static OptionalDouble ratio(long num, long den) {
        return den == 0 ? OptionalDouble.empty() : OptionalDouble.of(num / (double) den);
    }

    /** {@code count} per second of the span, empty for a span of no length. */
    static OptionalDouble perSecond(long count, double seconds) {
        return seconds <= 0 ? OptionalDouble.empty() : OptionalDouble.of(count / seconds);
    }
}
