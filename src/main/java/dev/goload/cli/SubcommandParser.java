package dev.goload.cli;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Parses the subcommand form ({@code goload openloop --rate 5 @more.args}) with picocli against the
 * {@link SubcommandSpec} of a mode's table and returns the same {@link ParsedFlags} the Go form's
 * {@link GoFlagParser} would: table defaults, each given value converted by the Go parser of its type
 * ({@link FlagType#parse}), the last occurrence winning, and the given flags marked set. Everything after that
 * (validation, config record, exit codes) is shared with the Go form. Differences, all on the error side:
 * a positional argument is an error (no mode takes one; the Go form silently ignores them), and errors read
 * {@code goload <mode>: …} followed by a "did you mean" and a pointer to {@code --help}. Stateless.
 */
final class SubcommandParser {
    private SubcommandParser() {}

    /**
     * @throws UsageExit after {@code --help} / {@code --version} (printed on {@code out}, exit 0) or a bad command
     *                   line (reported on {@code err}, exit 2)
     */
    static ParsedFlags parse(String command, String summary, FlagTable table, List<String> args, PrintStream out,
            PrintStream err) throws UsageExit {
        CommandSpec spec = SubcommandSpec.of(command, summary, table, false);
        CommandLine cl = new CommandLine(spec);
        ParseResult r;
        try {
            r = cl.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.UnmatchedArgumentException e) {
            throw fail(command, unmatched(e.getUnmatched().getFirst(), table), err);
        } catch (CommandLine.MissingParameterException e) {
            String name = e.getMissing().isEmpty() ? "" : ((OptionSpec) e.getMissing().getFirst()).longestName();
            throw fail(command, "flag needs an argument: " + name, err);
        } catch (CommandLine.ParameterException e) {
            throw fail(command, e.getMessage(), err);
        }
        if (r.isUsageHelpRequested()) {
            out.print(cl.getUsageMessage(CommandLine.Help.Ansi.OFF));
            out.flush();
            throw new UsageExit(ExitCodes.OK);
        }
        if (r.isVersionHelpRequested()) {
            out.println(spec.version()[0]);
            throw new UsageExit(ExitCodes.OK);
        }
        Map<String, Object> values = table.defaults();
        Set<String> set = new LinkedHashSet<>();
        if (table.has("mode")) set.add("mode"); // named by the subcommand, as the Go form's -mode names it
        for (OptionSpec o : new LinkedHashSet<>(r.matchedOptions())) {
            String flag = o.longestName().substring(2);
            FlagDef d = table.lookup(flag).orElseThrow();
            if (d.type().repeatable()) {
                List<String> raws = o.getValue(); // picocli collects every occurrence, in order
                values.put(flag, List.copyOf(raws));
                set.add(flag);
                continue;
            }
            String raw = o.getValue();
            if (flag.equals("mode")) {
                // accepted for scripts that keep their -mode; an empty value selects nothing, as in the Go form
                if (!raw.isEmpty() && !raw.equals(command)) {
                    throw fail(command, "conflicting modes: subcommand " + GoStrconv.quote(command) + " but -mode "
                            + GoStrconv.quote(raw), err);
                }
                continue;
            }
            try {
                values.put(flag, d.type().parse(raw));
            } catch (GoStrconv.SyntaxException e) {
                throw fail(command, (d.type() == FlagType.BOOL ? "invalid boolean value " : "invalid value ")
                        + GoStrconv.quote(raw) + " for --" + flag + ": " + e.getMessage(), err);
            }
            set.add(flag);
        }
        return new ParsedFlags(table, new LinkedHashMap<>(values), set, List.of());
    }

    private static String unmatched(String arg, FlagTable table) {
        // picocli keeps an @file it cannot read as a plain argument
        if (arg.startsWith("@")) return "cannot read argument file " + GoStrconv.quote(arg.substring(1));
        if (!arg.startsWith("-") || arg.equals("-")) {
            return "unexpected argument " + GoStrconv.quote(arg) + " (this form takes flags only)";
        }
        String dashes = arg.startsWith("--") ? "--" : "-";
        String name = arg.substring(dashes.length());
        int eq = name.indexOf('=');
        if (eq > 0) name = name.substring(0, eq);
        String problem = "unknown flag " + dashes + name;
        // the subcommand names the mode: never suggest the (hidden) --mode
        List<String> names = table.definitions().stream().map(FlagDef::name).filter(n -> !n.equals("mode")).toList();
        return FlagSuggestions.line(name, names, "--").map(s -> problem + "\n" + s).orElse(problem);
    }

    private static UsageExit fail(String command, String problem, PrintStream err) {
        err.println("goload " + command + ": " + problem);
        err.println("Run 'goload " + command + " --help' for its flags.");
        return new UsageExit(ExitCodes.USAGE);
    }
}
