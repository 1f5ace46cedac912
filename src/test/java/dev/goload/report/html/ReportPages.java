package dev.goload.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a written report back: the charts' inlined JSON. Test-only. */
final class ReportPages {
    private ReportPages() {}

    static JsonNode data(Path html) throws IOException {
        String page = Files.readString(html);
        String open = "<script id=\"goload-data\" type=\"application/json\">";
        int from = page.indexOf(open) + open.length();
        return new ObjectMapper().readTree(page.substring(from, page.indexOf("</script>", from)));
    }

    /** The values of series {@code label} of the chart titled {@code title}. */
    static JsonNode series(JsonNode charts, String title, String label) {
        for (JsonNode c : charts) {
            if (!c.path("title").asText().equals(title)) continue;
            for (JsonNode s : c.path("series")) {
                if (s.path("label").asText().equals(label)) return s.path("values");
            }
        }
        throw new AssertionError("no series " + label + " in chart " + title + " among "
                + charts.findValuesAsText("title"));
    }
}
