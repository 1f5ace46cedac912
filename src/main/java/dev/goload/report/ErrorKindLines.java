package dev.goload.report;

import dev.goload.metrics.ErrorStats;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The {@code + errors <family> kind=n … (first: message)} lines and the {@code errorsByKind} record object shared by
 * the modes that count errors by kind without a vocabulary of their own (tenants, order, app, cm): a family's line
 * only when it had an error — its counts say how many failed, this line says why. Stateless.
 */
public final class ErrorKindLines {
    private ErrorKindLines() {}

    /** One line per family with an error, each {@code prefix + "errors " + …}, in the map's order. */
    public static void print(PrintStream out, String prefix, Map<String, ErrorStats.Snapshot> errors) {
        errors.forEach((family, e) -> {
            if (e.total() > 0) out.println(line(prefix, family, e));
        });
    }

    /**
     * {@code <prefix>errors push conn=51576 (first: push request failed: … Too many open files)}: the failures by
     * kind; the calls the run's stop cancelled are no failure and have a line of their own ({@link CanceledLine}).
     */
    public static String line(String prefix, String family, ErrorStats.Snapshot e) {
        StringJoiner kinds = new StringJoiner(" ");
        e.byKind().forEach((k, n) -> {
            if (!k.equals(ErrorStats.CANCELED)) kinds.add(k + "=" + n);
        });
        String commonest = e.byKind().entrySet().stream().filter(k -> !k.getKey().equals(ErrorStats.CANCELED))
                .max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
        String first = e.firstMessage().getOrDefault(commonest, "");
        return prefix + "errors " + family + " " + kinds + (first.isEmpty() ? "" : " (first: " + first + ")");
    }

    /** {@code {"push":{"total":n,"byKind":{…},"firstMessage":{…}},…}} for a JSON record. */
    public static Map<String, Object> record(Map<String, ErrorStats.Snapshot> errors) {
        Map<String, Object> m = new LinkedHashMap<>();
        errors.forEach((family, e) -> {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("total", e.total());
            f.put("byKind", e.byKind());
            f.put("firstMessage", e.firstMessage());
            m.put(family, f);
        });
        return m;
    }
}
