package dev.goload.modes.run;

import java.util.List;

/**
 * A run's correctness verdict: {@code PASS}/{@code FAIL} for the modes that verify (cloud, order, cm, app with
 * verification, tenants' per-queue checks), {@code NONE} for pure load runs. {@code exitCode} is what the reference
 * exits with for it (0, or its verdict code), before thresholds and {@code -strict} are applied.
 *
 * @param findings one line per failed check, in the order the mode reports them (empty on PASS and NONE)
 */
public record Verdict(Result result, int exitCode, List<String> findings) {
    public enum Result { PASS, FAIL, NONE }

    public static final Verdict NONE = new Verdict(Result.NONE, 0, List.of());

    public Verdict {
        findings = List.copyOf(findings);
    }

    public static Verdict pass() {
        return new Verdict(Result.PASS, 0, List.of());
    }

    public static Verdict fail(int exitCode, List<String> findings) {
        return new Verdict(Result.FAIL, exitCode, findings);
    }
}
