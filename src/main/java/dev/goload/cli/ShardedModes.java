package dev.goload.cli;

import dev.goload.config.ShardOptions;
import java.io.PrintStream;

/**
 * The shard flags of cm, app and provision as their commands read them: parsed into {@link ShardOptions} (a bad
 * combination is a usage error naming the flag), or refused with the reason a mode cannot be split into shards.
 * Both print {@code goload -mode <mode>: …} on stderr and leave exit 2 to the caller.
 */
final class ShardedModes {
    private ShardedModes() {}

    /** The parsed shard flags, or null after printing the usage error. */
    static ShardOptions parse(ParsedFlags f, String mode, PrintStream err) {
        try {
            return ShardFlags.parse(f, System.getenv(), System.currentTimeMillis());
        } catch (IllegalArgumentException e) {
            err.println("goload -mode " + mode + ": " + e.getMessage());
            return null;
        }
    }

    /**
     * Whether a sharded run ({@code -shard}/{@code -shards} N > 1) or a coordinated start ({@code -start-at}) of
     * {@code mode} was refused (then {@code why} is on stderr); a bad shard flag is refused too. N = 1 without a start
     * instant is the unsharded run.
     */
    static boolean refused(ParsedFlags f, String mode, String why, PrintStream err) {
        ShardOptions o = parse(f, mode, err);
        if (o == null) return true;
        if (o.sharded()) {
            err.println("goload -mode " + mode + ": cannot be sharded (-shard " + o.shard() + "): " + why);
            return true;
        }
        if (o.coordinated()) {
            err.println("goload -mode " + mode + ": -start-at is for the shards of a sharded run, and " + mode
                    + " cannot be sharded: " + why);
            return true;
        }
        return false;
    }
}
