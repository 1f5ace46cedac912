package dev.goload.cli;

/**
 * Process exit codes, one table for every mode (docs/reporting.md#exit-codes; summed up in the README).
 *
 * <p>When several apply to one run, the most fundamental wins: {@link #VERDICT_FAIL} &gt; {@link #SETUP} &gt;
 * {@link #INVALID_RUN} &gt; {@link #THRESHOLD_FAIL} &gt; {@link #OK} ({@link #USAGE} is decided before anything runs).
 * A correctness failure is never hidden behind an infrastructure one (a verdict exists only when the run ran; a
 * record that then failed to be written does not make lost messages a setup problem); an infrastructure failure
 * comes next; a run that is invalid as a measurement makes its thresholds meaningless; a failed threshold on a
 * valid, correct run is the performance gate. One setup failure outranks even the verdict: a run whose broker never
 * answered a single request ({@code dev.goload.report.BrokerSilence}) exits {@link #SETUP}, since a verdict on
 * messages that never reached a broker judges nothing.
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
     * @param artifactsFailed an artifact (record, CSV, log, HTML report) could not be written
     * @param invalidStrict   {@code -strict} and the loader-bound verdict
     * @param thresholdFailed a threshold failed
     */
    public static int resolve(int modeCode, boolean artifactsFailed, boolean invalidStrict, boolean thresholdFailed) {
        return resolve(modeCode, false, artifactsFailed, invalidStrict, thresholdFailed);
    }

    /** As {@link #resolve(int, boolean, boolean, boolean)}; {@code brokerNeverAnswered} wins over everything. */
    public static int resolve(int modeCode, boolean brokerNeverAnswered, boolean artifactsFailed,
                              boolean invalidStrict, boolean thresholdFailed) {
        if (brokerNeverAnswered) return SETUP;
        if (modeCode == VERDICT_FAIL) return VERDICT_FAIL;
        if (artifactsFailed) return SETUP;
        if (modeCode != OK) return modeCode;
        if (invalidStrict) return INVALID_RUN;
        if (thresholdFailed) return THRESHOLD_FAIL;
        return OK;
    }
}
