package dev.goload.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Builds the picocli {@link CommandSpec} of one command of the subcommand form ({@code goload openloop --rate 5})
 * from its {@link FlagTable}: one option per flag, named {@code --flag} (plus {@code -flag}, the Go spelling, as
 * an accepted alias), values taken as strings so {@link SubcommandParser} converts them with the Go parsers,
 * help grouped by {@link FlagGroup} ({@link GroupedOptionList}), {@code -h/--help}, {@code --version} and
 * picocli's {@code @argfile} expansion. The table is the only list of flags; nothing here names one.
 */
final class SubcommandSpec {
    private SubcommandSpec() {}

    static final int WIDTH = 100;
    private static final Pattern FLAG_REF = Pattern.compile("(?<![\\w-])-([a-z][a-z0-9-]*[a-z0-9])");

    /**
     * @param command    the subcommand name ({@code openloop})
     * @param summary    one line under the synopsis
     * @param forCompletion for the completion script: only the {@code --flag} spelling (parsing also accepts
     *                      {@code -flag}) and booleans as plain switches (so no value is offered after them)
     */
    static CommandSpec of(String command, String summary, FlagTable table, boolean forCompletion) {
        CommandSpec spec = CommandSpec.create().name(command);
        spec.version("goload " + Version.current());
        spec.parser().overwrittenOptionsAllowed(true); // Go: the last occurrence of a flag wins
        spec.parser().expandAtFiles(true);
        for (FlagDef d : table.definitions()) {
            spec.addOption(option(d, table, forCompletion));
        }
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("show this help and exit").build());
        spec.addOption(OptionSpec.builder("--version").versionHelp(true)
                .description("print the goload version and exit").build());
        usage(spec.usageMessage(), command, summary, table);
        return spec;
    }

    private static OptionSpec option(FlagDef d, FlagTable table, boolean forCompletion) {
        String[] names = forCompletion ? new String[] {"--" + d.name()} : new String[] {"--" + d.name(), "-" + d.name()};
        OptionSpec.Builder b = OptionSpec.builder(names)
                .type(String.class)
                .paramLabel("<" + FlagUnits.label(d) + ">")
                // picocli treats descriptions as format strings; usage texts say "% of" and "t%04d"
                .description(description(d, table).replace("%", "%%"))
                // the subcommand names the mode; -mode stays accepted (SubcommandParser rejects a conflicting one)
                .hidden(d.name().equals("mode"));
        if (d.type() == FlagType.BOOL) b.arity(forCompletion ? "0" : "0..1").fallbackValue("true");
        else b.arity("1");
        if (d.type().repeatable()) b.type(List.class).auxiliaryTypes(String.class); // every occurrence kept
        return b.build();
    }

    /** The usage text with references to the table's own flags spelled {@code --flag}, then the default with its unit. */
    static String description(FlagDef d, FlagTable table) {
        return dashDash(d.unquoteUsage()[1], table) + defaultNote(d);
    }

    private static String defaultNote(FlagDef d) {
        String v = d.defValue();
        if (d.type() == FlagType.STRING) return v.isEmpty() ? "" : " (default: " + GoStrconv.quote(v) + ")";
        if (d.type().repeatable()) return " (repeatable)";
        String unit = d.type() == FlagType.DURATION ? "" : FlagUnits.unit(d); // "30m0s" carries its own
        String sep = unit.isEmpty() || unit.equals("%") ? "" : " ";
        return " (default: " + v + sep + unit + ")";
    }

    static String dashDash(String text, FlagTable table) {
        Matcher m = FLAG_REF.matcher(text);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String replacement = table.has(m.group(1)) ? "--" + m.group(1) : m.group();
            m.appendReplacement(b, Matcher.quoteReplacement(replacement));
        }
        return m.appendTail(b).toString();
    }

    private static void usage(UsageMessageSpec u, String command, String summary, FlagTable table) {
        u.width(WIDTH)
                .autoWidth(false)
                .synopsisHeading("")
                .customSynopsis("Usage: goload " + command + " [--flag[=value]...] [@argfile...]")
                .description(summary.isEmpty() ? new String[0] : new String[] {summary.replace("%", "%%")})
                .footer("%nValues, defaults, validation and exit codes are the Go form's: 'goload " + command
                        + " --rate 5' and 'goload -mode " + command + " -rate 5' build the same run (the Go"
                        + " form's flat listing: 'goload -mode " + command + " -h').",
                        "The Go spelling -flag is accepted too. Booleans: --flag, --flag=false or --flag false."
                                + " @file reads more arguments from file (whitespace-separated, quotes, # comments).",
                        "Exit codes: 0 ok, 1 setup failure, 2 bad flags, 3 verdict FAIL, 4 threshold failed, 5 invalid run"
                                + " (-strict) (docs/reporting.md#exit-codes).");
        List<String> keys = new ArrayList<>(u.sectionKeys());
        keys.remove(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING);
        keys.set(keys.indexOf(UsageMessageSpec.SECTION_KEY_OPTION_LIST), GroupedOptionList.KEY);
        u.sectionKeys(keys);
        var map = new java.util.LinkedHashMap<>(u.sectionMap());
        map.put(GroupedOptionList.KEY, new GroupedOptionList(table));
        u.sectionMap(map);
    }
}
