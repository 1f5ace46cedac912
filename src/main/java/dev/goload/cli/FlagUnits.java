package dev.goload.cli;

import java.util.regex.Pattern;

/**
 * The unit of a flag's value for the subcommand form's help ({@code --pop-timeout=<ms>}), read from what the
 * tables already say — the Go convention of a back-quoted word, the name's suffix ({@code -ms}, {@code -sec},
 * {@code -pct}) or the usage text ("in ms", "(s)", "msg/s") — so the tables stay the one source. Flags without
 * a unit show their Go type word. Stateless.
 */
final class FlagUnits {
    private FlagUnits() {}

    private static final Pattern MSG_RATE = Pattern.compile("\\b(msg|events)/s\\b");
    private static final Pattern REQ_RATE = Pattern.compile("\\brequests/s\\b");
    private static final Pattern MILLIS = Pattern.compile("\\bin ms\\b|\\(ms\\)|\\bms\\b");
    private static final Pattern SECONDS = Pattern.compile("\\bin seconds\\b|\\(s\\)|\\bseconds\\b|[a-z]Seconds\\b");
    private static final Pattern BYTES = Pattern.compile("\\bbytes\\b");
    private static final Pattern PERCENT = Pattern.compile("^% |\\bpercent\\b");

    /** The unit ({@code ms}, {@code s}, {@code msg/s}, {@code bytes}, {@code %}, …) or "" when the text names none. */
    static String unit(FlagDef d) {
        if (d.type() == FlagType.BOOL || d.type() == FlagType.STRING) return "";
        if (d.type().repeatable()) return d.usage().indexOf('`') >= 0 ? d.unquoteUsage()[0] : "";
        if (d.usage().indexOf('`') >= 0) return d.unquoteUsage()[0];
        String n = d.name();
        if (n.endsWith("-ms")) return "ms";
        if (n.endsWith("-sec")) return "s";
        if (n.endsWith("-pct")) return "%";
        String u = d.usage();
        var rate = MSG_RATE.matcher(u);
        if (rate.find()) return rate.group(1) + "/s";
        if (REQ_RATE.matcher(u).find()) return "req/s";
        if (MILLIS.matcher(u).find()) return "ms";
        if (SECONDS.matcher(u).find()) return "s";
        if (BYTES.matcher(u).find()) return "bytes";
        if (PERCENT.matcher(u).find()) return "%";
        return "";
    }

    /** The value placeholder: the unit if there is one, else the Go type word ({@code int}, {@code string}, …). */
    static String label(FlagDef d) {
        String u = unit(d);
        return u.isEmpty() ? d.type().usageWord() : u;
    }
}
