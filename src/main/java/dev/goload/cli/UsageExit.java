package dev.goload.cli;

import java.io.PrintStream;
import java.util.List;

/**
 * A command line that ends before the command runs: {@code -h} (exit 0) or a flag error (exit 2), already
 * reported on stderr the Go way (the error, then the usage). Every command parses through
 * {@link #parse(FlagTable, List, PrintStream)} so they all behave alike.
 */
public final class UsageExit extends Exception {
    private final int code;

    UsageExit(int code) {
        super(null, null, false, false);
        this.code = code;
    }

    /** The process exit code: {@link ExitCodes#OK} after {@code -h}, {@link ExitCodes#USAGE} after an error. */
    public int code() {
        return code;
    }

    /**
     * Parses {@code args} against {@code table}; on {@code -h} prints the usage, on an error prints it and the
     * usage, to {@code err}, and throws with the exit code. For an undefined flag close to a declared one,
     * a {@code did you mean -flag?} line follows the usage: Go's error line and listing stay byte-identical.
     */
    public static ParsedFlags parse(FlagTable table, List<String> args, PrintStream err) throws UsageExit {
        try {
            return GoFlagParser.parse(table, args);
        } catch (HelpRequestedException e) {
            table.printUsage(err);
            throw new UsageExit(ExitCodes.OK);
        } catch (FlagParseException e) {
            err.println(e.getMessage());
            table.printUsage(err);
            if (e.undefinedFlag() != null) {
                FlagSuggestions.line(e.undefinedFlag(), table.definitions().stream().map(FlagDef::name).toList(), "-").ifPresent(err::println);
            }
            throw new UsageExit(ExitCodes.USAGE);
        }
    }

    /** As {@link #parse}, for commands that take flags only: a positional argument is a usage error of {@code who}. */
    public static ParsedFlags parseFlagsOnly(FlagTable table, List<String> args, PrintStream err, String who)
            throws UsageExit {
        ParsedFlags f = parse(table, args, err);
        if (!f.positional().isEmpty()) {
            require(false, err, who + ": unexpected argument " + GoStrconv.quote(f.positional().getFirst()));
        }
        return f;
    }

    /** A usage error ({@code message} on {@code err}, exit 2) unless {@code holds}: a required flag or argument. */
    public static void require(boolean holds, PrintStream err, String message) throws UsageExit {
        if (holds) return;
        err.println(message);
        throw new UsageExit(ExitCodes.USAGE);
    }
}
