package dev.goload.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The report of a ladder directory ({@code ladder.json}, schema {@code goload.ladder/1}, docs/cell-rig.md): the
 * capacity curve (achieved vs offered), latency vs offered and the cell's cost vs offered, with the void
 * (loader-bound) points marked on every curve, then the points' table and the ceiling. Stateless.
 */
final class LadderHtml {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LadderHtml() {}

    static HtmlPage page(Path dir) throws IOException {
        JsonNode doc = JSON.readTree(dir.resolve("ladder.json").toFile());
        List<JsonNode> pts = new ArrayList<>();
        doc.path("points").forEach(pts::add);
        pts.sort(Comparator.comparingDouble(n -> n.path("rate").asDouble()));
        int n = pts.size();
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = pts.get(i).path("rate").asDouble();
        HtmlPage p = new HtmlPage("goload ladder " + dir.toAbsolutePath().normalize().getFileName());
        JsonNode ceiling = doc.path("ceiling");
        p.raw("<p><b>ceiling:</b> " + Html.esc(ceiling.isObject()
                ? ceiling.path("rate").asText() + " msg/s offered → " + Html.num(ceiling.path("achievedPopMsgPerSec")
                .asDouble(Double.NaN)) + " msg/s delivered (last point within every rule)"
                : "none of the points held") + "<br><b>stopped:</b> " + Html.esc(doc.path("stopReason").asText("")) + "</p>");
        p.note("Void points (the loader was the bottleneck inside the steady window) are marked and never the ceiling.");
        Chart.Axis axis = new Chart.Axis("value", "offered (msg/s)", x);
        p.heading("Capacity curve");
        p.chart(new Chart("", "achieved vs offered", "msg/s", axis, List.of(Chart.Series.line("offered", x),
                line(pts, "achievedPushMsgPerSec", "achieved push"), line(pts, "achievedPopMsgPerSec", "achieved pop"),
                voids(pts, "achievedPopMsgPerSec", "void (loader-bound)"))));
        p.chart(new Chart("", "end-to-end latency vs offered", "ms", axis, List.of(line(pts, "p50Ms", "p50"),
                line(pts, "p99Ms", "p99"), voids(pts, "p99Ms", "void (loader-bound)"))));
        p.chart(new Chart("", "cell cost vs offered", "cores / commits per msg", axis, List.of(
                line(pts, "cellCores", "cell CPU (cores)"), line(pts, "commitsPerDeliveredMsg", "commits per msg"),
                line(pts, "throttledFraction", "throttled fraction"))));
        p.heading("Points");
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode pt : pts) {
            rows.add(List.of(pt.path("rate").asText(), pt.path("runId").asText(), num(pt, "achievedPushMsgPerSec"),
                    num(pt, "achievedPopMsgPerSec"), num(pt, "p50Ms"), num(pt, "p99Ms"), pt.path("shedMsgs").asText(""),
                    pt.path("errors").asText(""), pt.path("verdict").asText(""),
                    pt.path("void").asBoolean(false) ? "VOID (loader-bound)" : "", num(pt, "cellCores"),
                    num(pt, "commitsPerDeliveredMsg"), pt.path("stopReason").asText("")));
        }
        p.raw(Html.table(List.of("offered", "run", "push", "pop", "p50 ms", "p99 ms", "shed", "errors", "verdict",
                "void", "cell cores", "commits/msg", "stop"), rows));
        p.heading("Ladder configuration (secrets masked)");
        p.raw(JsonHtml.render(doc.path("config")));
        return p;
    }

    private static Chart.Series line(List<JsonNode> pts, String field, String label) {
        double[] v = new double[pts.size()];
        for (int i = 0; i < v.length; i++) v[i] = pts.get(i).path(field).asDouble(Double.NaN);
        return Chart.Series.line(label, v);
    }

    /** {@code field} at the void points only, drawn as markers. */
    private static Chart.Series voids(List<JsonNode> pts, String field, String label) {
        double[] v = new double[pts.size()];
        for (int i = 0; i < v.length; i++) {
            JsonNode pt = pts.get(i);
            v[i] = pt.path("void").asBoolean(false) ? pt.path(field).asDouble(Double.NaN) : Double.NaN;
        }
        return new Chart.Series(label, v, true);
    }

    private static String num(JsonNode pt, String field) {
        return Html.num(pt.path(field).asDouble(Double.NaN));
    }
}
