package dev.goload.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The {@code goload --help} overview: both invocation forms, every mode with its summary and the utility
 * commands. Rendered by picocli's usage layout; mode flags themselves are only ever described by the Go-style
 * listing ({@code goload -mode <mode> -h}).
 */
final class TopLevelHelp {
    private TopLevelHelp() {}

    static String render(ModeRegistry registry) {
        CommandSpec spec = CommandSpec.create().name("goload");
        spec.usageMessage()
                .width(100)
                .synopsisHeading("")
                .customSynopsis(
                        "Usage: goload -mode <mode> [flags...]   (Go style, drop-in compatible with the Go tool)",
                        "       goload <mode> [flags...]         (subcommand form: same flags, same parser)",
                        "       goload broker | demo | ladder | version | help [<mode>]")
                .description("Open-loop load generator and correctness checker for the Queen message broker.",
                        "Flags use Go flag syntax: -flag value, -flag=value, --flag=value; booleans -flag or"
                                + " -flag=false. Without -mode the mode is max.")
                .commandListHeading("%nModes and commands:%n")
                .footer("%nRun 'goload -mode <mode> -h' (or 'goload help <mode>') for a mode's flags."
                        + "%nExit codes: 0 ok, 1 setup failure, 2 bad flags or unknown mode, 3 verdict FAIL.");
        for (ModeCommand mode : registry.all()) {
            spec.addSubcommand(mode.name(), leaf(mode.summary()));
        }
        spec.addSubcommand("broker", leaf("run the embedded Queen-compatible broker standalone"
                + " (-port 6632 -host 127.0.0.1 -tenancy-header=true -response-delay-ms 0)"));
        spec.addSubcommand("demo", leaf("~15 s open-loop run against the embedded broker (-rate 20000 -duration 15)"));
        spec.addSubcommand("ladder", leaf("ceiling ladder: step the offered rate through runpt.sh points on the cell"
                + " until achieved stops tracking offered (docs/cell-rig.md)"));
        spec.addSubcommand("version", leaf("print the goload version"));
        spec.addSubcommand("help", leaf("this overview, or 'help <mode>' for a mode's flags"));
        return new CommandLine(spec).getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    private static CommandSpec leaf(String description) {
        CommandSpec s = CommandSpec.create();
        s.usageMessage().description(description);
        return s;
    }
}
