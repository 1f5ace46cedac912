package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Regexes derived from the reference's report-line templates (goload-behavior.md §2): a parser written
 * against the Go tool's output must keep reading goload's. Padded verbs ({@code %9.0f}, {@code %6d}) are
 * matched as {@code ( *\d+)} and their width is checked by {@link #width}. Test-only.
 */
public final class ReferenceLines {
    private ReferenceLines() {}

    private static final String F2 = "(-?\\d+\\.\\d\\d)";

    /** {@code [%s] offered=%9.0f/s achieved=%9.0f/s shed=%9.0f/s inflight=%6d | p50=%7.2f p99=%8.2f p999=%8.2f ms | push=%d pop=%d lag=%d | errs push=%d pop=%d empty=%d gor=%d} (+ ack). */
    public static final Pattern OPENLOOP_INTERVAL = Pattern.compile("^\\[(?<ts>\\d\\d:\\d\\d:\\d\\d)\\] "
            + "offered=(?<offered> *\\d+)/s achieved=(?<achieved> *\\d+)/s shed=(?<shed> *\\d+)/s "
            + "inflight=(?<inflight> *\\d+) \\| p50=(?<p50> *\\d+\\.\\d\\d) p99=(?<p99> *\\d+\\.\\d\\d) "
            + "p999=(?<p999> *\\d+\\.\\d\\d) ms \\| push=(?<push>\\d+) pop=(?<pop>\\d+) lag=(?<lag>-?\\d+) "
            + "\\| errs push=(?<pushErr>\\d+) pop=(?<popErr>\\d+) empty=(?<empty>\\d+) gor=(?<gor>\\d+)"
            + "(?: \\| ack=(?<ack> *\\d+)/s ackErr=(?<ackErr>\\d+) ackAvg=(?<ackAvg>\\d+\\.\\d\\d)ms)?$");

    /** {@code [final] offered=%d achieved=%d shed=%d (msgs: …) pushErr=%d | pushed=%d popped=%d lag=%d | popErr=%d empty=%d | overall …} (+ ack). */
    public static final Pattern OPENLOOP_FINAL = Pattern.compile("^\\[final\\] offered=(?<offered>\\d+) "
            + "achieved=(?<achieved>\\d+) shed=(?<shed>\\d+) \\(msgs: offered=(?<offeredMsgs>\\d+) "
            + "achieved=(?<achievedMsgs>\\d+) shed=(?<shedMsgs>\\d+)\\) pushErr=(?<pushErr>\\d+) \\| "
            + "pushed=(?<pushed>\\d+) popped=(?<popped>\\d+) lag=(?<lag>-?\\d+) \\| popErr=(?<popErr>\\d+) "
            + "empty=(?<empty>\\d+) \\| overall p50=(?<p50>" + F2 + ") p99=(?<p99>" + F2 + ") p999=(?<p999>" + F2
            + ") ms(?: \\| acked=(?<acked>\\d+) ackErr=(?<ackErr>\\d+) ackLag=(?<ackLag>-?\\d+) "
            + "ackAvg=(?<ackAvg>\\d+\\.\\d\\d)ms)?$");

    /** {@code [%s] push=%8.0f/s pop=%8.0f/s | tot push=%d pop=%d | errs p=%d c=%d empty=%d} (+ ack). */
    public static final Pattern MAX_INTERVAL = Pattern.compile("^\\[(?<ts>\\d\\d:\\d\\d:\\d\\d)\\] "
            + "push=(?<push> *\\d+)/s pop=(?<pop> *\\d+)/s \\| tot push=(?<totPush>\\d+) pop=(?<totPop>\\d+) "
            + "\\| errs p=(?<pushErr>\\d+) c=(?<popErr>\\d+) empty=(?<empty>\\d+)"
            + "(?: \\| ack=(?<ack> *\\d+)/s tot=(?<acked>\\d+) ackErr=(?<ackErr>\\d+) "
            + "ackAvg=(?<ackAvg>\\d+\\.\\d\\d)ms)?$");

    /** {@code [final] pushed=%d popped=%d pushErr=%d popErr=%d emptyPops=%d} (+ ack). */
    public static final Pattern MAX_FINAL = Pattern.compile("^\\[final\\] pushed=(?<pushed>\\d+) "
            + "popped=(?<popped>\\d+) pushErr=(?<pushErr>\\d+) popErr=(?<popErr>\\d+) emptyPops=(?<empty>\\d+)"
            + "(?: \\| acked=(?<acked>\\d+) ackErr=(?<ackErr>\\d+) ackAvg=(?<ackAvg>\\d+\\.\\d\\d)ms)?$");

    /** cm: {@code [final] producedA=%d producedB=%d | db=%d cal=%d ota=%d otap=%d | acked=%d ackErr=%d pushErr=%d pushRetry=%d shed=%d} (§2.6). */
    public static final Pattern CM_FINAL = Pattern.compile("^\\[final\\] producedA=\\d+ producedB=\\d+ \\| db=\\d+ "
            + "cal=\\d+ ota=\\d+ otap=\\d+ \\| acked=\\d+ ackErr=\\d+ pushErr=\\d+ pushRetry=\\d+ shed=\\d+$");

    /** tenants: {@code [final] pushed=%d popped=%d acked=%d empty=%d | tail: %d msgs across %d queues | errs push=%d pop=%d ack=%d} (§2.7). */
    public static final Pattern TENANTS_FINAL = Pattern.compile("^\\[final\\] pushed=\\d+ popped=\\d+ acked=\\d+ "
            + "empty=\\d+ \\| tail: \\d+ msgs across \\d+ queues \\| errs push=\\d+ pop=\\d+ ack=\\d+$");

    /** app: {@code [final] pushed=%d (dup=%d, pushErr=%d)}, the first line of its final block (§2.8). */
    public static final Pattern APP_FINAL = Pattern.compile("^\\[final\\] pushed=\\d+ \\(dup=\\d+, pushErr=\\d+\\)$");

    /** cloud: {@code VERDICT: %s} (§2.3), the reference's last verdict line; it prints no {@code [final]} line. */
    public static final Pattern CLOUD_VERDICT = Pattern.compile("^VERDICT: (PASS|FAIL)$");

    /** order: {@code VERDICT PASS|FAIL} (§2.5); it prints no {@code [final]} line. */
    public static final Pattern ORDER_VERDICT = Pattern.compile("^VERDICT (PASS|FAIL)$");

    /** provision: {@code [provision] +%d tenants in %.1fs -> %s now holds %d (first=%s last=%s)} (§2.4 step 7). */
    public static final Pattern PROVISION_FINAL = Pattern.compile("^\\[provision\\] \\+\\d+ tenants in \\d+\\.\\ds -> \\S+ "
            + "now holds \\d+ \\(first=\\S+ last=\\S+\\)$");

    /**
     * The reference's final line is the last line starting {@code [final]} (what {@code grep '^\[final\]' | tail -1}
     * reads) and matches its template; nothing after it starts {@code [final]}.
     */
    public static Matcher assertFinalLineIsLast(List<String> lines, Pattern template) {
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("[final]")) last = i;
        }
        assertTrue(last >= 0, "no [final] line in:\n" + String.join("\n", lines));
        Matcher m = template.matcher(lines.get(last));
        assertTrue(m.matches(), "the last [final] line is not the reference's " + template + ": " + lines.get(last)
                + "\n" + String.join("\n", lines));
        return m;
    }

    /**
     * For modes whose reference prints no {@code [final]} line (cloud, order, provision, ladder): goload prints none
     * either, and the last line starting {@code lastPrefix} is the reference's {@code template}.
     */
    public static Matcher assertNoFinalLinesAndLast(List<String> lines, String lastPrefix, Pattern template) {
        for (String l : lines) {
            assertTrue(!l.startsWith("[final]"), "a [final] line where the reference prints none: " + l);
        }
        String last = null;
        for (String l : lines) {
            if (l.startsWith(lastPrefix)) last = l;
        }
        assertTrue(last != null, "no line starting " + lastPrefix + " in:\n" + String.join("\n", lines));
        Matcher m = template.matcher(last);
        assertTrue(m.matches(), "the last " + lastPrefix + " line is not the reference's " + template + ": " + last);
        return m;
    }

    /** The lines goload adds: they must never be mistaken for a reference line. */
    public static final Pattern ADDITION = Pattern.compile("^(\\[\\d\\d:\\d\\d:\\d\\d\\] \\+ |\\[final\\] \\+ "
            + "|\\[\\d\\d:\\d\\d:\\d\\d\\] WARNING |\\[final\\] WARNING ).*");

    /** The one line matching {@code p}. */
    public static Matcher single(List<String> lines, Pattern p) {
        Matcher found = null;
        int n = 0;
        for (String l : lines) {
            Matcher m = p.matcher(l);
            if (m.matches()) {
                found = m;
                n++;
            }
        }
        assertEquals(1, n, "exactly one line matching " + p + " in:\n" + String.join("\n", lines));
        return found;
    }

    /** Every line matching {@code p}. */
    public static List<Matcher> all(List<String> lines, Pattern p) {
        return lines.stream().map(p::matcher).filter(Matcher::matches).toList();
    }

    public static long num(Matcher m, String group) {
        return Long.parseLong(m.group(group).trim());
    }

    public static double dec(Matcher m, String group) {
        return Double.parseDouble(m.group(group).trim());
    }

    /** A padded verb kept at least its width (a longer number may overflow it, as in Go). */
    public static void width(Matcher m, String group, int width) {
        assertTrue(m.group(group).length() >= width, group + " narrower than %" + width + ": '" + m.group(group) + "'");
    }
}
