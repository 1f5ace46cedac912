package dev.goload.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.verify.LossClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why a run's verdict is what it is, in a few sentences for the top of a page (the HTML report's header and the live
 * dashboard's final view): the verdict, the loss classes that explain missing messages ("3 missing: 3 stored and
 * skipped by the broker"), the verifier's counts, the faults injected on purpose, the first findings, and whether the
 * loader limited the run. Everything comes from the record, whose writer has already masked its secrets. Stateless.
 */
public final class VerdictWhy {
    /** Findings shown before "… and N more". */
    static final int FINDINGS_SHOWN = 5;

    private VerdictWhy() {}

    /** The headline: {@code verdict FAIL: 3 missing: 3 not checkable}, or {@code verdict PASS}. */
    public static String headline(RunRecord r) {
        String v = "verdict " + r.verdict().result();
        String loss = loss(r.section().path("lossAttribution"));
        if (loss != null) return v + ": " + loss;
        if (!r.verdict().findings().isEmpty() && !"PASS".equals(r.verdict().result())) {
            return v + ": " + r.verdict().findings().getFirst();
        }
        return v;
    }

    /** The sentences below the headline, most telling first; empty for a clean run without a verdict. */
    public static List<String> details(RunRecord r) {
        return details(r, "below");
    }

    /**
     * As {@link #details(RunRecord)}, saying where the findings beyond the first few are ({@code "below"} in the
     * HTML report, which lists them all; the dashboard points at the report or the record).
     */
    public static List<String> details(RunRecord r, String restWhere) {
        List<String> out = new ArrayList<>();
        JsonNode la = r.section().path("lossAttribution");
        for (LossClass c : LossClass.values()) {
            long n = la.path("counts").path(c.label()).asLong(0);
            if (n == 0) continue;
            String why = c == LossClass.NOT_CHECKABLE && la.hasNonNull("notCheckableWhy")
                    ? " because " + la.path("notCheckableWhy").asText() : "";
            out.add(String.format(Locale.ROOT, "%d %s (%s)%s", n, c.meaning(), c.label(), why));
        }
        if (la.path("notLookedUp").asLong(0) > 0) {
            out.add(la.path("notLookedUp").asLong() + " missing not looked up (-attribute-max "
                    + la.path("maxLookups").asLong() + ")");
        }
        JsonNode v = r.section().path("verify");
        if (v.isObject() && v.has("missing")) {
            out.add(String.format(Locale.ROOT, "verifier: %d sent, %d received, %d missing, %d duplicate, %d extra",
                    v.path("sentOk").asLong(), v.path("received").asLong(), v.path("missing").asLong(),
                    v.path("duplicate").asLong(), v.path("extra").asLong()));
        }
        String faults = faults(r.section().path("faults"));
        if (faults != null) out.add(faults);
        List<String> f = r.verdict().findings();
        for (int i = 0; i < Math.min(FINDINGS_SHOWN, f.size()); i++) out.add(f.get(i));
        if (f.size() > FINDINGS_SHOWN) out.add("… and " + (f.size() - FINDINGS_SHOWN) + " more findings " + restWhere);
        if (r.loader().loaderBound()) {
            out.add("the loader limited this run (" + String.join("; ", r.loader().reasons())
                    + "): its figures measure the loader, not the broker");
        }
        return out;
    }

    /** {@code 3 missing: 3 not checkable, 1 stored and skipped …}; null when nothing is missing. */
    static String loss(JsonNode la) {
        long missing = la.path("missing").asLong(0);
        if (missing == 0) return null;
        if (!la.path("enabled").asBoolean(true)) return missing + " missing, not attributed (-attribute-loss=false)";
        List<String> parts = new ArrayList<>();
        for (LossClass c : LossClass.values()) {
            long n = la.path("counts").path(c.label()).asLong(0);
            if (n > 0) parts.add(n + " " + c.meaning());
        }
        long unchecked = la.path("notLookedUp").asLong(0);
        if (unchecked > 0) parts.add(unchecked + " not looked up");
        return missing + " missing" + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
    }

    /** The faults injected on purpose ({@code -fault}), null when none. */
    static String faults(JsonNode f) {
        if (!f.isObject()) return null;
        List<String> on = new ArrayList<>();
        for (String k : List.of("dupPush", "loseMsg", "dropAck")) {
            long n = f.path(k).asLong(0);
            if (n > 0) on.add(k + "=" + n);
        }
        return on.isEmpty() ? null : "faults injected on purpose (-fault): " + String.join(" ", on);
    }
}
