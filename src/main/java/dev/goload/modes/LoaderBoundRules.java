package dev.goload.modes;

import dev.goload.metrics.Percentiles;
import dev.goload.metrics.ProcessSampler;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When the loader, not the broker, limited an interval. Any one of:
 * <ul>
 *   <li>the loader's CPU reached {@code cpuFraction} of the machine's cores;</li>
 *   <li>the pacer shed requests as {@code behind} (it fell more than {@code -behind-ms} behind schedule);</li>
 *   <li>the pacer's lateness (launch − scheduled) p99 exceeded {@code latenessP99Ms}.</li>
 * </ul>
 * Such an interval's latency and shed figures describe the loader, so the run record marks the run
 * {@code loaderBound} and the console prints a warning.
 */
public record LoaderBoundRules(double cpuFraction, double latenessP99Ms, boolean embeddedBroker) {

    public static final LoaderBoundRules DEFAULTS = new LoaderBoundRules(0.90, 10.0, false);

    /**
     * With the embedded broker in the same process, the process CPU is the loader's plus the broker's: the
     * CPU reason then says so (the machine, not the broker under test, was the limit).
     */
    public LoaderBoundRules withEmbeddedBroker(boolean embedded) {
        return new LoaderBoundRules(cpuFraction, latenessP99Ms, embedded);
    }

    public List<String> check(ProcessSampler.Sample loader, int cores, long shedBehind, Percentiles lateness) {
        List<String> reasons = new ArrayList<>(2);
        if (loader.cpuCores() >= cpuFraction * cores) {
            reasons.add(String.format(Locale.ROOT, "loader CPU %.2f of %d cores%s", loader.cpuCores(), cores,
                    embeddedBroker ? " (this process includes the embedded broker)" : ""));
        }
        if (shedBehind > 0) {
            reasons.add("pacer fell behind schedule: " + shedBehind + " requests shed as behind");
        }
        if (lateness.count() > 0 && lateness.p99() > latenessP99Ms) {
            reasons.add(String.format(Locale.ROOT, "pacer lateness p99 %.2f ms > %.2f ms", lateness.p99(),
                    latenessP99Ms));
        }
        return reasons;
    }
}
