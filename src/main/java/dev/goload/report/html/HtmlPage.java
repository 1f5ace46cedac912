package dev.goload.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML file: uPlot's script and stylesheet (read from the {@code org.webjars.npm:uplot} jar on the
 * classpath), the page's own script and stylesheet, the charts' data as inlined JSON, and the tables as HTML. It
 * opens offline: no CDN, no fetch, nothing outside the file. A chart whose series hold no value is not drawn; the page
 * lists it instead, so every drawn chart has data. Not thread-safe; build, then {@link #render()} once.
 */
public final class HtmlPage {
    static final String UPLOT = "META-INF/resources/webjars/uplot/1.6.30/dist/";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String title;
    private final StringBuilder body = new StringBuilder();
    private final List<Chart> charts = new ArrayList<>();
    private final List<String> notDrawn = new ArrayList<>();
    private int nextId;

    public HtmlPage(String title) {
        this.title = title;
    }

    public HtmlPage heading(String text) {
        body.append("<h2>").append(Html.esc(text)).append("</h2>\n");
        return this;
    }

    public HtmlPage subheading(String text) {
        body.append("<h3>").append(Html.esc(text)).append("</h3>\n");
        return this;
    }

    /** Already-escaped HTML (from {@link Html} or {@link JsonHtml}). */
    public HtmlPage raw(String html) {
        body.append(html).append('\n');
        return this;
    }

    public HtmlPage note(String text) {
        body.append("<p class=\"note\">").append(Html.esc(text)).append("</p>\n");
        return this;
    }

    /** Adds the chart, or notes that it has nothing to draw. Its id is assigned here. */
    public HtmlPage chart(Chart c) {
        Chart kept = c.withoutEmptySeries();
        if (!kept.hasData()) {
            notDrawn.add(c.title());
            return this;
        }
        String id = "chart-" + nextId++;
        charts.add(new Chart(id, kept.title(), kept.y(), kept.x(), kept.series(), kept.spanGaps()));
        body.append("<div class=\"chart\" id=\"").append(id).append("\"></div>\n");
        return this;
    }

    public int charts() {
        return charts.size();
    }

    public String render() {
        StringBuilder b = new StringBuilder(256 * 1024);
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
                .append(Html.esc(title)).append("</title>\n")
                // first of all, so an error in any later script is recorded for the browser test
                .append("<script>window.__goloadErrors=[];window.addEventListener('error',function(e){"
                        + "window.__goloadErrors.push(String(e.message||e));});window.addEventListener("
                        + "'unhandledrejection',function(e){window.__goloadErrors.push('unhandled: '+e.reason);});"
                        + "</script>\n")
                .append("<style>").append(resource(UPLOT + "uPlot.min.css")).append("</style>\n")
                .append("<style>").append(resource("dev/goload/report/html/report.css")).append("</style>\n")
                .append("</head><body>\n<h1>").append(Html.esc(title)).append("</h1>\n")
                .append(body);
        if (!notDrawn.isEmpty()) {
            b.append("<p class=\"note\">Not drawn (nothing recorded in this run): ")
                    .append(Html.esc(String.join("; ", notDrawn))).append("</p>\n");
        }
        b.append("<pre id=\"goload-check\" hidden>pending</pre>\n")
                .append("<script id=\"goload-data\" type=\"application/json\">").append(data()).append("</script>\n")
                .append("<script>").append(resource(UPLOT + "uPlot.iife.min.js")).append("</script>\n")
                .append("<script>").append(resource("dev/goload/report/html/report.js")).append("</script>\n")
                .append("</body></html>\n");
        return b.toString();
    }

    /** Writes the page to {@code file} atomically (a reader never sees half a page) and returns it. */
    public Path write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, render(), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return file;
    }

    /** The charts' JSON, safe inside a script element: every '<' is escaped (it only occurs inside strings). */
    private String data() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("charts", charts.stream().map(Chart::json).toList());
        try {
            return JSON.writeValueAsString(d).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** uPlot's stylesheet, as every page inlines it (the live dashboard too). */
    public static String uplotCss() {
        return resource(UPLOT + "uPlot.min.css");
    }

    /** uPlot's script, as every page inlines it. */
    public static String uplotJs() {
        return resource(UPLOT + "uPlot.iife.min.js");
    }

    /** A resource on the classpath as text (the pages' scripts and stylesheets). */
    public static String resource(String name) {
        try (InputStream in = HtmlPage.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name + " (is uPlot on the classpath?)");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
