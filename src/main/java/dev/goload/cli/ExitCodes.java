package dev.goload.cli;

/** Process exit codes shared by all modes (spec §2.10). */
public final class ExitCodes {
    private ExitCodes() {}

    /** Run finished (or PASS), or help was requested. */
    public static final int OK = 0;
    /** Setup failure: client, configure, artifacts, embedded broker. */
    public static final int SETUP = 1;
    /** Unknown mode, flag parse error, flag validation. */
    public static final int USAGE = 2;
    /** Correctness verdict FAIL (cloud, order). */
    public static final int VERDICT_FAIL = 3;
}
