package dev.goload.modes;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * When the loader, not the broker, limited a run (docs/openloop.md#the-loader-measures-itself). Each report
 * interval may show a <em>sign</em>:
 * <ul>
 *   <li>{@link Sign#CPU}: the process CPU reached {@code cpuFraction} of the machine's cores, over an interval of
 *       at least {@code minCpuSeconds};</li>
 *   <li>{@link Sign#BEHIND}: the pacer shed requests as {@code behind} (it was more than {@code -behind-ms} late);</li>
 *   <li>{@link Sign#LATENESS}: the pacer's lateness (launch − scheduled) p99 exceeded {@code latenessP99Ms}.</li>
 * </ul>
 * The two pacer signs are judged only in an interval holding at least {@code minPacerSamples} pacer decisions
 * (launches + behind sheds): the p99 of 7 samples is their maximum, and one 14 ms sample of a 0.1 request/s run
 * says nothing about the loader. An interval in which more than half of the finished push requests failed, or in
 * which requests were launched and none finished, is <em>broker-failing</em> and not judged at all: its figures
 * describe the broker's failure (a dead broker is not a loader limit), whatever the error storm cost the loader.
 *
 * <p>A sign makes the run loader-bound only when it is sustained — {@link LoaderVerdict}: in at least
 * {@code sustainIntervals} consecutive judged intervals, or in more than half of the intervals in which it could be
 * judged. A single slow interval (a cold JVM's first second, one GC pause) is not a loader limit.
 *
 * <p>Immutable; its components are written to the run record as {@code loaderBoundRules}.
 */
public record LoaderBoundRules(double cpuFraction, double latenessP99Ms, boolean embeddedBroker, int minPacerSamples,
                               int sustainIntervals, double minCpuSeconds) {

    /** Lateness samples an interval needs before its p99 (or its behind sheds) counts. */
    public static final int MIN_PACER_SAMPLES = 100;
    /** Consecutive judged intervals a sign must hold for. */
    public static final int SUSTAIN_INTERVALS = 3;

    public static final LoaderBoundRules DEFAULTS =
            new LoaderBoundRules(0.90, 10.0, false, MIN_PACER_SAMPLES, SUSTAIN_INTERVALS, 0.5);

    /** The signs an interval can show, in the order they are reported. */
    public enum Sign { CPU, BEHIND, LATENESS }

    public LoaderBoundRules {
        if (minPacerSamples < 1 || sustainIntervals < 1) {
            throw new IllegalArgumentException("minPacerSamples and sustainIntervals must be >= 1");
        }
    }

    /**
     * With the embedded broker in the same process, the process CPU is the loader's plus the broker's: the
     * CPU reason then says so (the machine, not the broker under test, was the limit).
     */
    public LoaderBoundRules withEmbeddedBroker(boolean embedded) {
        return new LoaderBoundRules(cpuFraction, latenessP99Ms, embedded, minPacerSamples, sustainIntervals,
                minCpuSeconds);
    }

    /**
     * The broker, not the loader, shaped the interval: more than half of its finished push requests failed, or the
     * pacer launched requests and not one push finished (a dead or hung broker's failures arrive in bursts, when the
     * connect or the deadline gives up, and the intervals between them hold none).
     */
    public boolean brokerFailing(LoaderEvidence e) {
        if (e.pushesFinished() == 0) return e.launches() > 0;
        return e.pushesFinished() > 0 && 2 * e.pushesFailed() > e.pushesFinished();
    }

    /** Whether {@code sign} can be judged in {@code e} at all (enough samples, not broker-failing). */
    public boolean judgeable(Sign sign, LoaderEvidence e) {
        if (brokerFailing(e)) return false;
        return switch (sign) {
            case CPU -> e.seconds() >= minCpuSeconds;
            case BEHIND, LATENESS -> e.pacerDecisions() >= minPacerSamples;
        };
    }

    /** The signs {@code e} shows among those it can be judged on. */
    public Set<Sign> signs(LoaderEvidence e, int cores) {
        Set<Sign> out = EnumSet.noneOf(Sign.class);
        if (judgeable(Sign.CPU, e) && e.cpuCores() >= cpuFraction * cores) out.add(Sign.CPU);
        if (judgeable(Sign.BEHIND, e) && e.shedBehind() > 0) out.add(Sign.BEHIND);
        if (judgeable(Sign.LATENESS, e) && e.launches() > 0 && e.latenessP99Ms() > latenessP99Ms) {
            out.add(Sign.LATENESS);
        }
        return out;
    }

    /** The sign with this interval's figures, e.g. {@code pacer lateness p99 23.10 ms > 10.00 ms (1520 launches)}. */
    public String describe(Sign sign, LoaderEvidence e, int cores) {
        return switch (sign) {
            case CPU -> String.format(Locale.ROOT, "loader CPU %.2f of %d cores%s", e.cpuCores(), cores,
                    embeddedBroker ? " (this process includes the embedded broker)" : "");
            case BEHIND -> "pacer fell behind schedule: " + e.shedBehind() + " requests shed as behind";
            case LATENESS -> String.format(Locale.ROOT, "pacer lateness p99 %.2f ms > %.2f ms (%d launches)",
                    e.latenessP99Ms(), latenessP99Ms, e.launches());
        };
    }

    /** The sign's rule, for run-level reasons: {@code pacer lateness p99 > 10.00 ms}. */
    public String rule(Sign sign) {
        return switch (sign) {
            case CPU -> String.format(Locale.ROOT, "loader CPU >= %.0f %% of the cores%s", cpuFraction * 100,
                    embeddedBroker ? " (this process includes the embedded broker)" : "");
            case BEHIND -> "pacer fell behind schedule (requests shed as behind)";
            case LATENESS -> String.format(Locale.ROOT, "pacer lateness p99 > %.2f ms", latenessP99Ms);
        };
    }
}
