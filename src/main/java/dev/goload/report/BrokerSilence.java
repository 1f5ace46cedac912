package dev.goload.report;

import dev.goload.metrics.ConnectionFigures;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A run whose broker never answered ({@link ConnectionFigures#brokerNeverAnswered()}: requests sent, not one HTTP
 * status line back — connection refused, unreachable, only timeouts) measured nothing: its zeros are not a broker's
 * figures. Said in one line on stderr, {@code goload: the broker at http://127.0.0.1:1 never answered: 1,234 requests,
 * 0 answers (connection refused)}, and as the record's {@code setupFailure}; the run exits 1 (docs/reliability.md,
 * "A broker that never answered"). A broker that answered with errors (5xx, error bodies) answered: it is judged
 * by its errors and the thresholds, as before.
 */
public final class BrokerSilence {
    /** The record's {@code setupFailure.kind} for this failure. */
    public static final String KIND = "brokerNeverAnswered";

    private BrokerSilence() {}

    /** The stderr line, {@code goload: the broker at … never answered: …}, or null when the broker answered. */
    public static String line(String url, ConnectionFigures c) {
        String m = message(url, c);
        return m == null ? null : "goload: " + m;
    }

    /** The failure's text without the {@code goload: } prefix, or null when the broker answered (or was never asked). */
    public static String message(String url, ConnectionFigures c) {
        if (c == null || !c.brokerNeverAnswered()) return null;
        String cause = c.noAnswerCause() == null ? "" : " (" + c.noAnswerCause().toLowerCase(Locale.ROOT) + ")";
        String where = url == null || url.isEmpty() ? "the target URL" : RunHeader.Broker.withoutUserInfo(url);
        return "the broker at " + where + " never answered: " + String.format(Locale.ROOT, "%,d", c.requests())
                + " requests, " + String.format(Locale.ROOT, "%,d", c.answers()) + " answers" + cause;
    }

    /**
     * The record's {@code setupFailure}: null when the broker answered, else {@code {kind, message, requests,
     * answers, cause}} (the counts are {@code loader.connections.requests}/{@code answers}).
     */
    public static Map<String, Object> record(String url, ConnectionFigures c) {
        String m = message(url, c);
        if (m == null) return null;
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("kind", KIND);
        f.put("message", m);
        f.put("requests", c.requests());
        f.put("answers", c.answers());
        f.put("cause", c.noAnswerCause());
        return f;
    }
}
