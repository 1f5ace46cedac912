package dev.goload.cli;

import java.time.Duration;

/**
 * The Go {@code flag} value kinds goload uses. Each knows how Go parses it, how Go prints its default and
 * which type word {@code flag.UnquoteUsage} shows in the usage listing.
 */
public enum FlagType {
    BOOL(""), INT("int"), INT64("int"), FLOAT64("float"), STRING("string"), DURATION("duration"),
    /**
     * A repeatable string (a Go {@code flag.Value} whose {@code Set} appends, as {@code -threshold} is): each
     * occurrence adds one value, in order; the value is a {@code List<String>}, empty by default.
     */
    STRINGS("value");

    private final String usageWord;

    FlagType(String usageWord) { this.usageWord = usageWord; }

    /** The word Go prints after {@code -name} when the usage text has no back-quoted name ("" for bool). */
    public String usageWord() { return usageWord; }

    /** Whether each occurrence adds a value ({@link #STRINGS}) instead of replacing it. */
    public boolean repeatable() { return this == STRINGS; }

    /** Parses a command-line value exactly as the Go flag's {@code Set} does (one occurrence, for {@link #STRINGS}). */
    public Object parse(String s) throws GoStrconv.SyntaxException {
        return switch (this) {
            case BOOL -> GoStrconv.parseBool(s);
            case INT, INT64 -> GoStrconv.parseInt(s);
            case FLOAT64 -> GoStrconv.parseFloat(s);
            case STRING -> s;
            case DURATION -> GoDuration.parse(s);
            case STRINGS -> java.util.List.of(s);
        };
    }

    /** {@code current} after one more occurrence parsed to {@code next}: appended when repeatable, else replaced. */
    Object merge(Object current, Object next) {
        if (!repeatable()) return next;
        java.util.List<Object> all = new java.util.ArrayList<>((java.util.List<?>) current);
        all.addAll((java.util.List<?>) next);
        return java.util.List.copyOf(all);
    }

    /** The Go {@code Value.String()} of a value: what {@code DefValue} holds. */
    public String format(Object v) {
        return switch (this) {
            case BOOL -> Boolean.toString((Boolean) v);
            case INT, INT64 -> Long.toString((Long) v);
            case FLOAT64 -> GoStrconv.formatFloat((Double) v);
            case STRING -> (String) v;
            case DURATION -> GoDuration.format((Duration) v);
            case STRINGS -> String.join(",", ((java.util.List<?>) v).stream().map(String::valueOf).toList());
        };
    }

    /** The zero value of the Go type, whose default Go omits from the usage listing. */
    public Object zero() {
        return switch (this) {
            case BOOL -> Boolean.FALSE;
            case INT, INT64 -> 0L;
            case FLOAT64 -> 0.0;
            case STRING -> "";
            case DURATION -> Duration.ZERO;
            case STRINGS -> java.util.List.of();
        };
    }

    /** Coerces a Java default (Integer, int literal, …) into this type's canonical boxed form. */
    Object canonical(Object v) {
        return switch (this) {
            case BOOL -> (Boolean) v;
            case INT, INT64 -> ((Number) v).longValue();
            case FLOAT64 -> ((Number) v).doubleValue();
            case STRING -> (String) v;
            case DURATION -> (Duration) v;
            case STRINGS -> java.util.List.copyOf((java.util.List<?>) v);
        };
    }
}
