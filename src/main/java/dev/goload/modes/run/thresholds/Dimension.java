package dev.goload.modes.run.thresholds;

/**
 * What a threshold metric measures, which fixes the units its limit may be written in and the base unit its values
 * are kept in (the record's {@code unit}). A limit of a bare {@code 0} fits every dimension.
 */
public enum Dimension {
    /** Latencies and spans; base unit ms; limits written {@code us}, {@code ms} or {@code s}. */
    TIME("ms"),
    /** A number of requests, messages or events; limits without a unit. */
    COUNT("count"),
    /** A fraction (base 0..1); limits written in {@code %}, so {@code 0.1%} cannot be mistaken for {@code 0.1}. */
    RATIO("ratio"),
    /** Per second of the run; limits without a unit. */
    RATE("1/s"),
    /** CPU cores; limits without a unit. */
    CORES("cores");

    private final String unit;

    Dimension(String unit) {
        this.unit = unit;
    }

    /** The base unit's name, as the record's {@code thresholds[].unit} holds it. */
    public String unit() {
        return unit;
    }

    /**
     * A limit written {@code value unit} in this dimension's base unit.
     *
     * @param unit {@code ""}, {@code us}, {@code ms}, {@code s} or {@code %}
     * @throws IllegalArgumentException when the unit does not apply (named for {@code metric} in the message)
     */
    double toBase(double value, String unit, String metric) {
        if (unit.isEmpty() && value == 0) return 0;
        switch (this) {
            case TIME -> {
                switch (unit) {
                    case "us" -> { return value / 1000.0; }
                    case "ms" -> { return value; }
                    case "s" -> { return value * 1000.0; }
                    default -> throw mismatch(metric, unit, "is " + noun() + ": write the limit in us, ms or s (e.g. "
                            + metric + "<10ms)");
                }
            }
            case RATIO -> {
                if (unit.equals("%")) return value / 100.0;
                throw mismatch(metric, unit, "is " + noun() + ": write the limit in % (e.g. " + metric + "<0.1%)");
            }
            default -> {
                if (unit.isEmpty()) return value;
                throw mismatch(metric, unit, "is " + noun() + ": its limit takes no unit");
            }
        }
    }

    /** What a value of this dimension is, for messages ("a time", "a count", …). */
    String noun() {
        return switch (this) {
            case TIME -> "a time";
            case COUNT -> "a count";
            case RATIO -> "a ratio";
            case RATE -> "a rate per second";
            case CORES -> "a number of CPU cores";
        };
    }

    private static IllegalArgumentException mismatch(String metric, String unit, String what) {
        String given = unit.isEmpty() ? "a limit without a unit" : "a limit in " + unit;
        return new ThresholdException(metric + " " + what + "; got " + given);
    }
}
