package dev.goload.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Entry point. Accepts the Go tool's form ({@code goload -mode openloop -rate 5 …}, mode pre-scanned per
 * spec §1.2, parsed by {@link GoFlagParser} exactly as Go does) and the subcommand form
 * ({@code goload openloop --rate 5 …}, parsed by picocli from the same table, {@link SubcommandParser}); both
 * yield the same {@link ParsedFlags} and run through {@link ModeRunner#runParsed}. Plus {@code broker},
 * {@code endpoint}, {@code demo}, {@code ladder}, {@code report}, {@code compare}, {@code completion}, {@code version} and {@code help}.
 */
public final class Main {
    private Main() {}

    private static final Set<String> HELP_FLAGS = Set.of("-h", "-help", "--h", "--help");

    public static void main(String[] args) {
        // Every line goload prints is parsed by scripts and must read as Go prints it: ASCII digits, '.' decimals,
        // whatever the host's locale (under ar-EG or de-DE, %d and %.2f would print other digits or a comma).
        java.util.Locale.setDefault(java.util.Locale.ROOT);
        System.exit(run(args, System.out, System.err));
    }

    /** Runs goload and returns the exit code (never calls System.exit). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, ModeRegistry.standard(), BrokerLaunchers.embedded(), true);
    }

    /** As {@link #run(String[], PrintStream, PrintStream)} with explicit collaborators (tests). */
    public static int run(String[] argv, PrintStream out, PrintStream err, ModeRegistry registry,
            BrokerLauncher launcher, boolean installShutdownHooks) {
        List<String> args = List.of(argv);
        ModeRunner runner = new ModeRunner(launcher);
        String first = args.isEmpty() ? "" : args.getFirst();
        List<String> rest = args.isEmpty() ? List.of() : args.subList(1, args.size());
        Optional<String> explicitMode = ModeSelector.explicitMode(args);

        if (HELP_FLAGS.contains(first) && explicitMode.isEmpty()) {
            err.print(TopLevelHelp.render(registry));
            return ExitCodes.OK;
        }
        // Go would reject --version as an undefined flag of max; nothing relies on that error.
        if (first.equals("--version") && explicitMode.isEmpty()) first = "version";
        if (!first.equals("help") && !first.equals("version") && !first.equals("completion")
                && !first.equals("aot-train")) {
            try {
                dev.goload.client.HttpEngine.fromEnvironment();
            } catch (IllegalArgumentException e) {
                err.println("goload: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }
        switch (first) {
            case "help" -> { return help(rest, out, err, registry); }
            case "version" -> {
                out.println("goload " + Version.current());
                return ExitCodes.OK;
            }
            case "broker" -> { return new BrokerCommand(launcher, installShutdownHooks).run(rest, out, err); }
            case "endpoint" -> { return EndpointCommand.run(rest, out, err); }
            case "demo" -> { return new DemoCommand(registry, runner).run(rest, out, err); }
            case "ladder" -> { return new LadderCommand(LadderCommand.repoRoot()).run(rest, out, err); }
            case "k8s" -> { return K8sCommand.run(rest, out, err); }
            case "merge" -> { return MergeCommand.run(rest, out, err); }
            case "completion" -> { return CompletionCommand.run(rest, registry, out, err); }
            case "report" -> { return ReportCommand.run(rest, out, err); }
            case "compare" -> { return CompareCommand.run(rest, out, err); }
            // hidden: the launcher's AOT-cache training run (scripts/goload), not a user command
            case "aot-train" -> { return AotTrainCommand.run(rest, out, err); }
            default -> { }
        }
        if (registry.has(first)) return subcommand(first, rest, out, err, registry, runner);

        String mode = ModeSelector.select(args);
        Optional<ModeCommand> command = registry.find(mode);
        if (command.isEmpty()) return unknownMode(mode, registry, err);
        return runner.run(command.get(), args, out, err);
    }

    private static int subcommand(String mode, List<String> rest, PrintStream out, PrintStream err,
            ModeRegistry registry, ModeRunner runner) {
        ModeCommand command = registry.find(mode).orElseThrow();
        ParsedFlags f;
        try {
            f = SubcommandParser.parse(mode, command.summary(), command.flags(), rest, out, err);
        } catch (UsageExit e) {
            return e.code();
        }
        return runner.runParsed(command, f, out, err);
    }

    private static int help(List<String> rest, PrintStream out, PrintStream err, ModeRegistry registry) {
        if (rest.isEmpty()) {
            out.print(TopLevelHelp.render(registry));
            return ExitCodes.OK;
        }
        Optional<ModeCommand> mode = registry.find(rest.getFirst());
        if (mode.isPresent()) {
            ModeCommand m = mode.get();
            out.print(new picocli.CommandLine(SubcommandSpec.of(m.name(), m.summary(), m.flags(), false))
                    .getUsageMessage(picocli.CommandLine.Help.Ansi.OFF));
            return ExitCodes.OK;
        }
        switch (rest.getFirst()) {
            case "broker" -> BrokerCommand.flags().printUsage(out);
            case "endpoint" -> EndpointCommand.flags().printUsage(out);
            case "demo" -> DemoCommand.flags().printUsage(out);
            case "ladder" -> LadderCommand.flags().printUsage(out);
            case "report" -> { return ReportCommand.run(List.of("--help"), out, err); }
            case "compare" -> { return CompareCommand.run(List.of("--help"), out, err); }
            case "k8s" -> K8sCommand.flags().printUsage(out);
            case "merge" -> MergeCommand.flags().printUsage(out);
            default -> { return unknownMode(rest.getFirst(), registry, err); }
        }
        return ExitCodes.OK;
    }

    static int unknownMode(String mode, ModeRegistry registry, PrintStream err) {
        err.println("goload: unknown -mode " + GoStrconv.quote(mode)
                + " (want: max | app | openloop | cm | cloud | provision | order)");
        FlagSuggestions.line(mode, registry.all().stream().map(ModeCommand::name).toList(), "")
                .ifPresent(err::println);
        return ExitCodes.USAGE;
    }
}
