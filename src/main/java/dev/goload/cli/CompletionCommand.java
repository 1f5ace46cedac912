package dev.goload.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code goload completion bash|zsh}: picocli's {@link AutoComplete} script for a command tree built from the
 * flag tables — every mode as a subcommand with its {@code --flag}s ({@link SubcommandSpec}), the utility
 * commands with theirs, and, for the Go form, {@code -mode <mode>} plus every mode's {@code -flag} at the top.
 * zsh runs the same script through {@code bashcompinit}, which the script loads itself (picocli's way).
 */
final class CompletionCommand {
    private CompletionCommand() {}

    static final List<String> SHELLS = List.of("bash", "zsh");

    static int run(List<String> args, ModeRegistry registry, PrintStream out, PrintStream err) {
        if (args.size() != 1 || !SHELLS.contains(args.getFirst())) {
            err.println("usage: goload completion bash|zsh   (e.g. source <(goload completion bash))");
            return args.size() == 1 && (args.getFirst().equals("-h") || args.getFirst().equals("--help"))
                    ? ExitCodes.OK : ExitCodes.USAGE;
        }
        out.print(script(registry));
        out.flush();
        return ExitCodes.OK;
    }

    /** The completion script (the same for bash and zsh). */
    static String script(ModeRegistry registry) {
        return AutoComplete.bash("goload", new CommandLine(tree(registry)));
    }

    static CommandSpec tree(ModeRegistry registry) {
        CommandSpec root = CommandSpec.create().name("goload");
        List<String> modes = registry.all().stream().map(ModeCommand::name).toList();
        Map<String, FlagDef> goFlags = new LinkedHashMap<>();
        for (ModeCommand mode : registry.all()) {
            FlagTable table = mode.flags();
            table.definitions().forEach(d -> goFlags.putIfAbsent(d.name(), d));
            root.addSubcommand(mode.name(), SubcommandSpec.of(mode.name(), mode.summary(), table, true));
        }
        root.addOption(OptionSpec.builder("-mode").type(String.class).arity("1").completionCandidates(modes).build());
        goFlags.remove("mode");
        for (FlagDef d : goFlags.values()) {
            OptionSpec.Builder b = OptionSpec.builder("-" + d.name()).type(String.class);
            root.addOption(d.type() == FlagType.BOOL ? b.arity("0").build() : b.arity("1").build());
        }
        root.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).build());
        root.addOption(OptionSpec.builder("--version").versionHelp(true).build());
        root.addSubcommand("broker", SubcommandSpec.of("broker", "", BrokerCommand.flags(), true));
        root.addSubcommand("endpoint", SubcommandSpec.of("endpoint", "", EndpointCommand.flags(), true));
        root.addSubcommand("demo", SubcommandSpec.of("demo", "", DemoCommand.flags(), true));
        root.addSubcommand("ladder", SubcommandSpec.of("ladder", "", LadderCommand.flags(), true));
        root.addSubcommand("k8s", SubcommandSpec.of("k8s", "", K8sCommand.flags(), true));
        root.addSubcommand("merge", SubcommandSpec.of("merge", "", MergeCommand.flags(), true));
        root.addSubcommand("report", ReportCommand.commandSpec());
        root.addSubcommand("compare", CompareCommand.commandSpec());
        root.addSubcommand("version", CommandSpec.create());
        List<String> helpTopics = new ArrayList<>(modes);
        helpTopics.addAll(List.of("broker", "endpoint", "demo", "ladder", "k8s", "merge", "report", "compare"));
        root.addSubcommand("help", withWord(helpTopics));
        root.addSubcommand("completion", withWord(SHELLS));
        return root;
    }

    private static CommandSpec withWord(List<String> candidates) {
        return CommandSpec.create().addPositional(PositionalParamSpec.builder().type(String.class).arity("0..1")
                .completionCandidates(candidates).build());
    }
}
