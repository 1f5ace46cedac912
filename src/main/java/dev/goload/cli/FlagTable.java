package dev.goload.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Go {@code flag.FlagSet} definition: the flags one mode accepts, in declaration order, with the set's
 * name used in {@code Usage of <name>:}. Built once with the fluent {@code bool/intFlag/…} methods and then
 * only read (immutable after construction by convention, safe to share once built).
 */
public final class FlagTable {
    private final String name;
    private final Map<String, FlagDef> flags = new LinkedHashMap<>();

    public FlagTable(String name) { this.name = name; }

    /** The flag-set name printed in the usage header, e.g. {@code goload -mode openloop}. */
    public String name() { return name; }

    public FlagTable bool(String flag, boolean def, String usage) { return add(flag, FlagType.BOOL, def, usage); }
    public FlagTable intFlag(String flag, long def, String usage) { return add(flag, FlagType.INT, def, usage); }
    public FlagTable int64(String flag, long def, String usage) { return add(flag, FlagType.INT64, def, usage); }
    public FlagTable float64(String flag, double def, String usage) { return add(flag, FlagType.FLOAT64, def, usage); }
    public FlagTable string(String flag, String def, String usage) { return add(flag, FlagType.STRING, def, usage); }
    /** A repeatable string flag: every occurrence is kept, in order ({@link FlagType#STRINGS}). */
    public FlagTable strings(String flag, String usage) { return add(flag, FlagType.STRINGS, List.of(), usage); }
    public FlagTable duration(String flag, Duration def, String usage) {
        return add(flag, FlagType.DURATION, def, usage);
    }

    /** Declares a flag; redeclaring a name is a programming error (Go panics: "flag redefined"). */
    public FlagTable add(String flag, FlagType type, Object def, String usage) {
        return add(new FlagDef(flag, type, def, usage));
    }

    private FlagTable add(FlagDef def) {
        String flag = def.name();
        if (flags.putIfAbsent(flag, def) != null) {
            throw new IllegalStateException(name + " flag redefined: " + flag);
        }
        return this;
    }

    public Optional<FlagDef> lookup(String flag) { return Optional.ofNullable(flags.get(flag)); }

    public boolean has(String flag) { return flags.containsKey(flag); }

    /** Declaration order. */
    public List<FlagDef> definitions() { return List.copyOf(flags.values()); }

    /** Defaults of every flag, by name. */
    Map<String, Object> defaults() {
        Map<String, Object> m = new LinkedHashMap<>();
        flags.values().forEach(d -> m.put(d.name(), d.defaultValue()));
        return m;
    }

    /** Go's default {@code FlagSet.Usage}: {@code Usage of <name>:} followed by {@link #printDefaults}. */
    public void printUsage(PrintStream out) {
        out.print(name.isEmpty() ? "Usage:\n" : "Usage of " + name + ":\n");
        out.print(defaultsText());
        out.flush();
    }

    /** Go's {@code PrintDefaults}, as text. */
    public String defaultsText() {
        List<FlagDef> sorted = new ArrayList<>(flags.values());
        Collections.sort(sorted, (a, b) -> a.name().compareTo(b.name())); // Go sorts by byte order
        StringBuilder out = new StringBuilder();
        for (FlagDef d : sorted) {
            StringBuilder b = new StringBuilder("  -").append(d.name());
            String[] nu = d.unquoteUsage();
            if (!nu[0].isEmpty()) b.append(' ').append(nu[0]);
            // Go measures bytes; one-letter boolean flags keep their usage on the same line.
            if (b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 4) b.append('\t');
            else b.append("\n    \t");
            b.append(nu[1].replace("\n", "\n    \t"));
            if (!d.defValue().equals(d.type().format(d.type().zero()))) {
                b.append(" (default ")
                        .append(d.type() == FlagType.STRING ? GoStrconv.quote(d.defValue()) : d.defValue())
                        .append(')');
            }
            out.append(b).append('\n');
        }
        return out.toString();
    }
}
