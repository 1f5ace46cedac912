package dev.goload.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * Runs one mode from a raw Go-form argv ({@link #run}: Go-style parse against the mode's table, errors ⇒ message
 * + usage on stderr, exit 2; {@code -h} ⇒ usage on stderr, exit 0) or from flags the subcommand form parsed
 * ({@link #runParsed}); then, for both, per-mode validation (exit 2), the generic
 * {@code -embedded} handling (start the broker, point {@code -url} at it, always close it afterwards) and
 * the command itself. Stateless apart from its collaborators; safe to reuse.
 */
public final class ModeRunner {
    private final BrokerLauncher launcher;

    public ModeRunner(BrokerLauncher launcher) { this.launcher = launcher; }

    public int run(ModeCommand command, List<String> args, PrintStream out, PrintStream err) {
        ParsedFlags f;
        try {
            f = UsageExit.parse(command.flags(), args, err);
        } catch (UsageExit e) {
            return e.code();
        }
        return runParsed(command, f, out, err);
    }

    /**
     * Runs {@code command} with flags already parsed (by either form): validation, {@code -embedded}, the command.
     * Both forms go through here, so they validate, build the config and exit alike.
     */
    public int runParsed(ModeCommand command, ParsedFlags f, PrintStream out, PrintStream err) {
        FlagTable table = f.table();
        Optional<String> invalid = FlagValidators.validate(command.name(), f).or(() -> ResultPipeline.check(command, f));
        if (invalid.isPresent()) {
            err.println(invalid.get());
            return ExitCodes.USAGE;
        }
        if (table.has("embedded") && f.getBool("embedded")) return runEmbedded(command, f, out, err);
        return invoke(command, f, out, err);
    }

    private int runEmbedded(ModeCommand command, ParsedFlags f, PrintStream out, PrintStream err) {
        BrokerLauncher.Running broker;
        ParsedFlags prepared;
        try {
            prepared = command.prepareEmbedded(f, out);
            broker = launcher.start(BrokerLauncher.Settings.loopbackFreePort(), command.embeddedProxy(prepared),
                    new FdBudget(command.embeddedSockets(prepared), FdBudget.processLimit()));
        } catch (Exception e) {
            err.println("goload -mode " + command.name() + ": cannot start the embedded broker: " + describe(e));
            return ExitCodes.SETUP;
        }
        try (broker) {
            // stderr: stdout stays byte-identical to the reference for log parsers
            err.println("[embedded] broker listening on " + broker.url());
            if (broker.placementNote() != null) err.println("[embedded] " + broker.placementNote());
            err.flush();
            return invoke(command, prepared.with("url", broker.url()), out, err);
        }
    }

    private static int invoke(ModeCommand command, ParsedFlags f, PrintStream out, PrintStream err) {
        RunStage.reset();
        try {
            return command.run(f, out, err);
        } catch (IllegalArgumentException e) {
            if (RunStage.begun()) {
                // thrown by the running engine: a defect, not the user's flags
                err.println("goload -mode " + command.name() + ": internal error: " + e);
                e.printStackTrace(err);
                return ExitCodes.SETUP;
            }
            // Config records reject flag combinations the table cannot express: still a usage error.
            err.println("goload -mode " + command.name() + ": " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("goload -mode " + command.name() + ": interrupted");
            return ExitCodes.SETUP;
        } catch (Exception e) {
            err.println("goload -mode " + command.name() + ": " + describe(e));
            return ExitCodes.SETUP;
        } finally {
            RunStage.reset();
        }
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
