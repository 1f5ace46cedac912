package dev.goload.report.html;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's header: mode, verdict with its findings, the configuration line, the host's shape, the broker's
 * identity, the loader-bound verdict with its reasons and the stop reason; then the counters, error and phase tables.
 * Stateless.
 */
final class RunHeaderHtml {
    private RunHeaderHtml() {}

    static String header(RunRecord r) {
        StringBuilder b = new StringBuilder();
        if (!r.complete()) {
            b.append("<p class=\"incomplete\"><b>").append(Html.esc(r.incompleteNote())).append("</b>")
                    .append(". The loader never wrote its final record"
                            + " (killed, crashed, or still running): verdict, thresholds and the mode's section are"
                            + " the end's and missing.</p>");
        }
        RunRecord.Verdict v = r.verdict();
        b.append(why(r));
        b.append("<p>").append(Html.badge("verdict " + v.result(), v.result()))
                .append(' ')
                .append(r.loader().loaderBound() ? Html.badge("loader-bound", "bound")
                        : Html.badge("not loader-bound", "clean"))
                .append("</p>");
        if (!v.findings().isEmpty()) {
            b.append("<ul class=\"findings\">");
            for (String f : v.findings()) b.append("<li>").append(Html.esc(f)).append("</li>");
            b.append("</ul>");
        }
        if (r.loader().loaderBound()) {
            b.append("<p><b>The loader limited this run</b>, so these figures measure the loader, not the broker:</p>"
                    + "<ul class=\"findings\">");
            for (String reason : r.loader().reasons()) b.append("<li>").append(Html.esc(reason)).append("</li>");
            b.append("</ul>");
        }
        Map<String, String> run = new LinkedHashMap<>();
        run.put("mode", r.mode());
        run.put("run id", r.runId());
        run.put("started", r.startedEpochMs() > 0 ? Instant.ofEpochMilli(r.startedEpochMs()).toString() : "-");
        run.put("duration", Html.num(r.durationSec()) + " s");
        run.put("stop reason", r.stopReason());
        if (v.exitCode() != 0) run.put("verdict exit code", Integer.toString(v.exitCode()));
        run.put("goload", r.toolVersion() + (r.httpClient().isEmpty() ? "" : " (" + r.httpClient() + " client)"));
        run.put("record schema", r.schema());
        b.append("<div class=\"config mono\">").append(Html.esc(r.configLine())).append("</div>");
        b.append("<div class=\"cols\"><div><h3>Run</h3>").append(Html.keyValues(run))
                .append("</div><div><h3>Host</h3>").append(Html.keyValues(host(r.host())))
                .append("</div><div><h3>Broker</h3>").append(Html.keyValues(broker(r.broker())))
                .append("</div><div><h3>Loader</h3>").append(Html.keyValues(loader(r.loader()))).append("</div></div>");
        return b.toString();
    }

    /**
     * The verdict's why at the top of the page: its headline (the loss classes that explain missing messages) and
     * the details, before the badges and the tables that hold the raw figures.
     */
    static String why(RunRecord r) {
        String result = r.verdict().result();
        List<String> details = VerdictWhy.details(r);
        if ("NONE".equals(result) && details.isEmpty()) return "";
        StringBuilder b = new StringBuilder("<div class=\"why ").append(Html.esc(result)).append("\" id=\"why\">")
                .append("<p class=\"why-headline\">").append(Html.esc(VerdictWhy.headline(r))).append("</p>");
        if (!details.isEmpty()) {
            b.append("<ul>");
            for (String d : details) b.append("<li>").append(Html.esc(d)).append("</li>");
            b.append("</ul>");
        }
        return b.append("</div>").toString();
    }

    static Map<String, String> host(Map<String, String> h) {
        Map<String, String> m = new LinkedHashMap<>(h);
        m.computeIfPresent("memoryBytes", (k, x) -> gib(x));
        m.computeIfPresent("jvm.maxHeapBytes", (k, x) -> gib(x));
        return m;
    }

    /** The loader's self-measurement: CPU, GC, resident set and its sockets to the broker (docs/run-record.md). */
    static Map<String, String> loader(RunRecord.Loader l) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cpu cores avg / max", Html.num(l.cpuCoresAvg()) + " / " + Html.num(l.cpuCoresMax()));
        m.put("gc pauses", l.gcPauses() + " (" + Html.num(l.gcPauseMs()) + " ms)");
        m.put("peak rss", (l.peakRssBytes() >> 20) + " MB");
        l.connections().forEach((k, x) -> m.put("connections." + k, x));
        if (l.connections().isEmpty()) m.put("connections", "not recorded (a record from before they were counted)");
        else if (!l.connections().containsKey("timeWaitPeak")) m.put("connections.timeWaitPeak", "unknown (no /proc)");
        return m;
    }

    static Map<String, String> broker(RunRecord.Broker b) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("url", b.url());
        m.put("embedded", b.embedded() ? (b.inProcess() ? "yes, in the loader's JVM" : "yes, own process") : "no");
        b.health().forEach((k, x) -> m.put("health." + k, x));
        if (b.health().isEmpty()) {
            m.put("identity", b.healthError().isEmpty() ? "unknown (no /health answer recorded)" : b.healthError());
        }
        return m;
    }

    /** The whole-run counters, then errors by operation and kind, then the phases. */
    static String tables(RunRecord r) {
        StringBuilder b = new StringBuilder("<h3>Counters (whole run, exact)</h3>");
        List<List<String>> rows = new ArrayList<>();
        r.counters().forEach((k, x) -> rows.add(List.of(k, Long.toString(x))));
        b.append(Html.table(List.of("counter", "value"), rows));
        List<List<String>> errs = new ArrayList<>();
        r.errors().properties().forEach(e -> {
            var fam = e.getValue();
            errs.add(List.of(e.getKey(), fam.path("total").asText("0"), pairs(fam.path("byKind")),
                    pairs(fam.path("byCode")), firstMessages(fam.path("firstMessage"))));
        });
        if (!errs.isEmpty()) {
            b.append("<h3>Errors by operation and kind</h3>")
                    .append(Html.table(List.of("operation", "total", "by kind", "by HTTP code", "first message"), errs));
        }
        if (!r.phases().isEmpty()) {
            List<List<String>> ph = new ArrayList<>();
            for (RunRecord.Phase p : r.phases()) {
                ph.add(List.of(p.name(), Html.num(p.startSec()), Html.num(p.endSec())));
            }
            b.append("<h3>Phases</h3>").append(Html.table(List.of("phase", "from s", "to s"), ph));
        }
        return b.toString();
    }

    private static String pairs(com.fasterxml.jackson.databind.JsonNode n) {
        List<String> out = new ArrayList<>();
        n.properties().forEach(e -> out.add(e.getKey() + "=" + e.getValue().asText()));
        return String.join(" ", out);
    }

    private static String firstMessages(com.fasterxml.jackson.databind.JsonNode n) {
        List<String> out = new ArrayList<>();
        n.properties().forEach(e -> out.add(e.getKey() + ": " + e.getValue().asText()));
        return String.join("; ", out);
    }

    private static String gib(String bytes) {
        try {
            return Html.num(Long.parseLong(bytes) / (double) (1L << 30)) + " GiB";
        } catch (NumberFormatException e) {
            return bytes;
        }
    }
}
