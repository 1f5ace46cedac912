package dev.goload.modes.run.thresholds;

/** A threshold's comparison: the expression holds when {@code value op limit}. */
public enum Op {
    LE("<="), GE(">="), EQ("=="), NE("!="), LT("<"), GT(">");

    private final String symbol;

    Op(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    boolean holds(double value, double limit) {
        return switch (this) {
            case LT -> value < limit;
            case LE -> value <= limit;
            case GT -> value > limit;
            case GE -> value >= limit;
            case EQ -> value == limit;
            case NE -> value != limit;
        };
    }
}
