package dev.goload.cli;

import java.time.Duration;

/**
 * The Go {@code flag} value kinds goload uses. Each knows how Go parses it, how Go prints its default and
 * which type word {@code flag.UnquoteUsage} shows in the usage listing.
 */
public enum FlagType {
    BOOL(""), INT("int"), INT64("int"), FLOAT64("float"), STRING("string"), DURATION("duration");

    private final String usageWord;

    FlagType(String usageWord) { this.usageWord = usageWord; }

    /** The word Go prints after {@code -name} when the usage text has no back-quoted name ("" for bool). */
    public String usageWord() { return usageWord; }

    /** Parses a command-line value exactly as the Go flag's {@code Set} does. */
    public Object parse(String s) throws GoStrconv.SyntaxException {
        return switch (this) {
            case BOOL -> GoStrconv.parseBool(s);
            case INT, INT64 -> GoStrconv.parseInt(s);
            case FLOAT64 -> GoStrconv.parseFloat(s);
            case STRING -> s;
            case DURATION -> GoDuration.parse(s);
        };
    }

    /** The Go {@code Value.String()} of a value: what {@code DefValue} holds. */
    public String format(Object v) {
        return switch (this) {
            case BOOL -> Boolean.toString((Boolean) v);
            case INT, INT64 -> Long.toString((Long) v);
            case FLOAT64 -> GoStrconv.formatFloat((Double) v);
            case STRING -> (String) v;
            case DURATION -> GoDuration.format((Duration) v);
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
        };
    }
}
