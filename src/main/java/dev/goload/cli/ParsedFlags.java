package dev.goload.cli;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The outcome of parsing one argv against one {@link FlagTable}: every flag's value (default unless given),
 * which flags were explicitly set, and the positional arguments left after parsing stopped.
 * Immutable; {@link #with} returns a modified copy. Safe to share between threads.
 */
public final class ParsedFlags {
    private final FlagTable table;
    private final Map<String, Object> values;
    private final Set<String> explicitlySet;
    private final List<String> positional;

    ParsedFlags(FlagTable table, Map<String, Object> values, Set<String> explicitlySet, List<String> positional) {
        this.table = table;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.explicitlySet = Collections.unmodifiableSet(new LinkedHashSet<>(explicitlySet));
        this.positional = List.copyOf(positional);
    }

    /** The table these flags were parsed against. */
    public FlagTable table() { return table; }

    public String getString(String name) { return (String) get(name, FlagType.STRING); }

    public long getLong(String name) { return (Long) get(name, FlagType.INT, FlagType.INT64); }

    /** An int flag as a Java int; Go ints are 64-bit, so an out-of-range value is a usage error. */
    public int getInt(String name) {
        long v = getLong(name);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("-" + name + " value " + v + " is out of range for this option");
        }
        return (int) v;
    }

    public double getDouble(String name) { return (Double) get(name, FlagType.FLOAT64); }

    public boolean getBool(String name) { return (Boolean) get(name, FlagType.BOOL); }

    public Duration getDuration(String name) { return (Duration) get(name, FlagType.DURATION); }

    /** A repeatable flag's values, in the order given (empty when not given). */
    @SuppressWarnings("unchecked")
    public List<String> getStrings(String name) { return (List<String>) get(name, FlagType.STRINGS); }

    /** Whether the flag was given on the command line (Go's {@code FlagSet.Visit} set). */
    public boolean isSet(String name) {
        requireDeclared(name);
        return explicitlySet.contains(name);
    }

    /** Arguments left after parsing stopped (first non-flag, or everything after {@code --}). */
    public List<String> positional() { return positional; }

    /** Every flag value by name (declaration order). */
    public Map<String, Object> values() { return values; }

    /**
     * A copy with one flag overridden by a Go-syntax value (e.g. {@code -url} pointed at the embedded broker).
     * The flag counts as set in the copy.
     *
     * @throws IllegalArgumentException for an undeclared flag or a value Go would reject
     */
    public ParsedFlags with(String name, String value) {
        FlagDef d = requireDeclared(name);
        Object parsed;
        try {
            parsed = d.type().parse(value);
        } catch (GoStrconv.SyntaxException e) {
            throw new IllegalArgumentException(
                    "invalid value " + GoStrconv.quote(value) + " for flag -" + name + ": " + e.getMessage(), e);
        }
        Map<String, Object> v = new LinkedHashMap<>(values);
        v.put(name, parsed);
        Set<String> s = new LinkedHashSet<>(explicitlySet);
        s.add(name);
        return new ParsedFlags(table, v, s, positional);
    }

    private Object get(String name, FlagType... types) {
        FlagDef d = requireDeclared(name);
        for (FlagType t : types) {
            if (d.type() == t) return values.get(name);
        }
        throw new IllegalArgumentException("flag -" + name + " is " + d.type() + ", not " + List.of(types));
    }

    private FlagDef requireDeclared(String name) {
        return table.lookup(name).orElseThrow(
                () -> new IllegalArgumentException("flag -" + name + " is not declared in " + table.name()));
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("ParsedFlags[");
        for (String n : explicitlySet) {
            // Secrets (bearer tokens) never reach logs.
            boolean secret = dev.goload.config.SecretFlags.isSecret(n);
            b.append('-').append(n).append('=').append(secret ? "***" : String.valueOf(values.get(n))).append(' ');
        }
        return b.append("positional=").append(positional).append(']').toString();
    }
}
