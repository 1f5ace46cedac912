package dev.goload.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.support.OptionalTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Headless Chromium (Debian's {@code chromium} package, found on PATH) loading a report file offline and dumping its
 * DOM. Missing Chromium skips the browser tests locally and FAILS them under CI ({@link OptionalTools}). Test-only.
 */
public final class Chromium {
    private Chromium() {}

    public static Path require() {
        return OptionalTools.path("chromium");
    }

    /** The page's DOM after its scripts ran, with no network (the page must not need any). */
    public static String dumpDom(Path html, Path profile) throws IOException, InterruptedException {
        Path bin = require();
        Path out = profile.resolve("dom.html");
        Process p = new ProcessBuilder(bin.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile.resolve("profile"),
                "--virtual-time-budget=10000", "--dump-dom", html.toAbsolutePath().toUri().toString())
                .redirectOutput(out.toFile())
                .redirectError(profile.resolve("chromium.err").toFile())
                .start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("chromium did not finish loading " + html + " in 180 s");
        }
        assertEquals(0, p.exitValue(), "chromium exit; stderr: " + Files.readString(profile.resolve("chromium.err")));
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /**
     * The page's own account of what it drew ({@code #goload-check}); asserts the scripts ran to the end with no
     * JavaScript error, drew every chart the page holds, each with data, and at least {@code minCharts} of them.
     */
    public static JsonNode assertRenderedWithData(String dom, int minCharts) throws IOException {
        String open = "<pre id=\"goload-check\" hidden=\"\">";
        int from = dom.indexOf(open);
        assertTrue(from >= 0, "no #goload-check in the DOM:\n" + dom.substring(0, Math.min(2000, dom.length())));
        from += open.length();
        String text = dom.substring(from, dom.indexOf("</pre>", from))
                .replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
        assertTrue(text.startsWith("{"), "the page's script did not finish: #goload-check = " + text);
        JsonNode check = new ObjectMapper().readTree(text);
        assertTrue(check.path("done").asBoolean(), "script did not finish: " + check);
        assertEquals(0, check.path("errors").size(), "JavaScript errors: " + check.path("errors"));
        JsonNode charts = check.path("charts");
        assertEquals(check.path("expected").asInt(), charts.size(), "every chart of the page was drawn: " + check);
        assertTrue(charts.size() >= minCharts, "at least " + minCharts + " charts: " + check);
        for (JsonNode c : charts) assertTrue(c.path("points").asInt() > 0, "chart without data: " + c);
        int canvases = dom.split("<canvas", -1).length - 1;
        assertTrue(canvases >= charts.size(), canvases + " canvases for " + charts.size() + " charts");
        return check;
    }
}
