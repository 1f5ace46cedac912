package dev.goload.report;

import dev.goload.verify.LossClass;
import dev.goload.verify.LossReport;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Loss attribution on the console ({@code [loss] …} lines, printed before a mode's verdict line so the reference's
 * lines keep their bytes and order) and in a run record (a map the record's JSON writer serialises). Stateless.
 */
public final class LossLines {
    private LossLines() {
    }

    /** Nothing when {@code r} is null (nothing missing). */
    public static void print(PrintStream out, LossReport r) {
        if (r == null) {
            return;
        }
        if (!r.enabled()) {
            out.printf(Locale.ROOT, "[loss] %d missing not attributed (-attribute-loss=false)%n", r.missing());
            return;
        }
        out.printf(Locale.ROOT, "[loss] where the %d missing were lost: %d attributed with %d look-up(s)"
                + " (-attribute-max %d), %d not looked up%n", r.missing(), r.classified(), r.lookups(),
                r.maxLookups(), r.unchecked());
        for (LossClass c : LossClass.values()) {
            long n = r.count(c);
            if (n == 0) {
                continue;
            }
            out.printf(Locale.ROOT, "[loss]   %s=%d  %s  first=[%s]%n", c.label(), n, c.meaning(),
                    String.join(" ", r.first(c)));
        }
        if (r.notCheckableWhy() != null) {
            out.printf(Locale.ROOT, "[loss]   notCheckable because: %s%n", r.notCheckableWhy());
        }
    }

    /**
     * Writes {@link #record} as a JSON file (cm's {@code <logdir>/loss-attribution.json}), atomically like the run
     * records; returns its path.
     */
    public static java.nio.file.Path write(java.nio.file.Path file, LossReport r) throws java.io.IOException {
        return JsonFiles.writeAtomically(file, record(r));
    }

    /** The record's {@code lossAttribution} object; null when {@code r} is. */
    public static Map<String, Object> record(LossReport r) {
        if (r == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("enabled", r.enabled());
        m.put("missing", r.missing());
        m.put("maxLookups", r.maxLookups());
        m.put("lookups", r.lookups());
        m.put("attributed", r.classified());
        m.put("notLookedUp", r.unchecked());
        Map<String, Object> counts = new LinkedHashMap<>();
        Map<String, Object> first = new LinkedHashMap<>();
        for (LossClass c : LossClass.values()) {
            counts.put(c.label(), r.count(c));
            if (!r.first(c).isEmpty()) {
                first.put(c.label(), r.first(c));
            }
        }
        m.put("counts", counts);
        m.put("firstIds", first);
        m.put("notCheckableWhy", r.notCheckableWhy());
        return m;
    }
}
