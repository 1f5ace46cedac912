package dev.goload.cli;

/**
 * Process exit codes, one table for every mode (README "Exit codes", docs/reporting.md#exit-codes).
 *
 * <p>When several apply to one run, the most fundamental wins: {@link #SETUP} &gt; {@link #VERDICT_FAIL} &gt;
 * {@link #INVALID_RUN} &gt; {@link #THRESHOLD_FAIL} &gt; {@link #OK} ({@link #USAGE} is decided before anything runs).
 * An infrastructure failure means nothing else can be trusted; a correctness failure matters whatever the
 * measurement says; a run that is invalid as a measurement makes its thresholds meaningless; a failed threshold on a
 * valid, correct run is the performance gate.
 */
public final class ExitCodes {
    private ExitCodes() {}

    /** Run finished (or PASS), or help was requested. */
    public static final int OK = 0;
    /** Setup or infrastructure failure: client, configure where fatal, artifacts, embedded broker, internal error. */
    public static final int SETUP = 1;
    /** Unknown mode, flag parse error, flag validation, a malformed or unknown {@code -threshold}: nothing was sent. */
    public static final int USAGE = 2;
    /** Correctness verdict FAIL (cloud, order, cm, app). */
    public static final int VERDICT_FAIL = 3;
    /** A {@code -threshold} failed (or stopped the run with {@code -threshold-abort}) on a valid run. */
    public static final int THRESHOLD_FAIL = 4;
    /** The run is invalid as a measurement (the loader-bound verdict) and {@code -strict} asked for that. */
    public static final int INVALID_RUN = 5;

    /**
     * The exit code of a run that ended, by the precedence above.
     *
     * @param modeCode        what the mode itself exits with: {@link #OK}, {@link #SETUP} or its verdict's code
     * @param invalidStrict   {@code -strict} and the loader-bound verdict
     * @param thresholdFailed a threshold failed
     */
    public static int resolve(int modeCode, boolean invalidStrict, boolean thresholdFailed) {
        if (modeCode != OK) return modeCode;
        if (invalidStrict) return INVALID_RUN;
        if (thresholdFailed) return THRESHOLD_FAIL;
        return OK;
    }
}
