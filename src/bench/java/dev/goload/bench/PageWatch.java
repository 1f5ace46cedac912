package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * Holds the live dashboard open in headless Chromium for a whole run and samples the page: {@code scripts/soak
 * --dashboard}'s browser. Every {@code SECONDS} it appends one row to {@code OUT.tsv}: the epoch second, the points
 * the page draws, its JavaScript errors so far, its JavaScript heap in use after a garbage collection (what the page
 * holds, not what it dropped) and the resident memory of the whole browser; it stops after the row that sees the
 * final event (the run ended) or when the page stops answering.
 *
 * <pre>java -cp target/goload.jar:target/goload-bench.jar dev.goload.bench.PageWatch CHROMIUM URL OUT.tsv SECONDS PROFILE_DIR</pre>
 *
 * Exit 0 when it saw the final event with no JavaScript error, 1 otherwise (the last row and stderr say which).
 */
public final class PageWatch {
    private static final ObjectMapper JSON = new ObjectMapper();

    private PageWatch() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: PageWatch CHROMIUM URL OUT.tsv SECONDS PROFILE_DIR");
            System.exit(2);
        }
        Path out = Path.of(args[2]);
        long every = Long.parseLong(args[3]) * 1000;
        Files.writeString(out, "epoch_s\tpoints\tjs_errors\tjs_heap_used_bytes\tbrowser_rss_kib\tfinished\n",
                StandardCharsets.UTF_8);
        int rc = 1;
        try (ChromiumPage page = ChromiumPage.open(Path.of(args[0]), args[1], Path.of(args[4]))) {
            long next = System.currentTimeMillis();
            while (true) {
                JsonNode c = check(page);
                long heap = page.heapUsedBytes();
                boolean finished = c.path("finished").asBoolean();
                int errors = c.path("errors").size();
                try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8,
                        StandardOpenOption.APPEND))) {
                    w.printf(Locale.ROOT, "%d\t%d\t%d\t%d\t%d\t%b%n", System.currentTimeMillis() / 1000,
                            c.path("points").asInt(), errors, heap, page.rssKib(), finished);
                }
                if (errors > 0) System.err.println("PageWatch: JavaScript errors in the page: " + c.path("errors"));
                if (finished) {
                    rc = errors == 0 ? 0 : 1;
                    break;
                }
                next += every;
                Thread.sleep(Math.max(0, next - System.currentTimeMillis()));
            }
        } catch (Exception e) {
            System.err.println("PageWatch: the page stopped answering: " + e);
        }
        System.exit(rc);
    }

    /**
     * The page's self-check ({@code #goload-check}: points, charts, errors, finished), empty before it rendered (the
     * browser's page target exists before the dashboard's document has loaded: no element yet is not an error).
     */
    public static JsonNode check(ChromiumPage page) throws Exception {
        String text = page.eval("(function(){var e=document.getElementById('goload-check');"
                + "return e?e.textContent:'';})()").asText();
        return text.startsWith("{") ? JSON.readTree(text) : JSON.createObjectNode();
    }
}
