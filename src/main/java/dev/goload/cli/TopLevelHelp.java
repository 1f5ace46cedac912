package dev.goload.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The {@code goload --help} overview: both invocation forms, every mode with its summary and the utility
 * commands. Rendered by picocli's usage layout. A mode's flags are described by the subcommand form's grouped
 * help ({@code goload <mode> --help}, {@link SubcommandSpec}) and by the Go-style flat listing
 * ({@code goload -mode <mode> -h}), both from the mode's flag table.
 */
final class TopLevelHelp {
    private TopLevelHelp() {}

    static String render(ModeRegistry registry) {
        CommandSpec spec = CommandSpec.create().name("goload");
        spec.usageMessage()
                .width(100)
                .synopsisHeading("")
                .customSynopsis(
                        "Usage: goload -mode <mode> [-flag value...]   (Go form, drop-in compatible with the Go tool)",
                        "       goload <mode> [--flag value...] [@argfile...]   (subcommand form: same flags and values)",
                        "       goload broker | endpoint | demo | ladder | report <run> | compare A B... | completion bash|zsh | version | --version | help [<mode>]")
                .description("Open-loop load generator and correctness checker for the Queen message broker.",
                        "Go form: Go flag syntax, exactly as the Go tool parses it (-flag value, -flag=value, --flag;"
                                + " booleans -flag or -flag=false); without -mode the mode is max.",
                        "Subcommand form: --flag value or --flag=value (-flag accepted too), booleans also"
                                + " '--flag false', @file expands to the file's arguments; same validation and"
                                + " exit codes.")
                .commandListHeading("%nModes and commands:%n")
                .footer("%nRun 'goload <mode> --help' for a mode's flags grouped by meaning, with units and"
                        + " defaults;%n'goload -mode <mode> -h' prints the Go tool's flat listing."
                        + "%nShell completion: source <(goload completion bash)   (zsh: the same with zsh)."
                        + "%nExit codes: 0 ok, 1 setup failure, 2 bad flags or unknown mode, 3 verdict FAIL.");
        for (ModeCommand mode : registry.all()) {
            spec.addSubcommand(mode.name(), leaf(mode.summary()));
        }
        spec.addSubcommand("broker", leaf("run the embedded Queen-compatible broker standalone"
                + " (-port 6632 -host 127.0.0.1 -tenancy-header=true -response-delay-ms 0)"));
        spec.addSubcommand("endpoint", leaf(EndpointCommand.SUMMARY));
        spec.addSubcommand("demo", leaf("~15 s open-loop run against the embedded broker (-rate 20000 -duration 15)"));
        spec.addSubcommand("ladder", leaf("ceiling ladder: step the offered rate through runpt.sh points on the cell"
                + " until achieved stops tracking offered (docs/cell-rig.md)"));
        spec.addSubcommand("report", leaf(ReportCommand.SUMMARY));
        spec.addSubcommand("compare", leaf(CompareCommand.SUMMARY));
        spec.addSubcommand("k8s", leaf("write the Kubernetes Indexed Job and headless Service of a sharded run"
                + " (docs/distributed.md)"));
        spec.addSubcommand("merge", leaf("merge the shards of a sharded run into one record, .hlog and CSV"
                + " (exact: histograms added, counters summed)"));
        spec.addSubcommand("completion", leaf("print the bash or zsh completion script (modes and every flag)"));
        spec.addSubcommand("version", leaf("print the goload version (also --version)"));
        spec.addSubcommand("help", leaf("this overview, or 'help <mode>' for a mode's grouped flags"));
        return new CommandLine(spec).getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    private static CommandSpec leaf(String description) {
        CommandSpec s = CommandSpec.create();
        s.usageMessage().description(description);
        return s;
    }
}
