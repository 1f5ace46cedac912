package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page held open in headless Chromium and read while it lives, through the DevTools protocol (the JDK's WebSocket
 * client): {@link #eval} runs an expression in the page, {@link #heapUsedBytes} asks for its JavaScript heap. For
 * pages that change after they loaded (the live dashboard), which {@code --dump-dom} cannot watch. Used by the
 * dashboard's browser test (which finds Chromium, skipping or failing as the optional-tools rule says) and by
 * {@code scripts/soak --dashboard} ({@link PageWatch}).
 */
public final class ChromiumPage implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://[^\\s]+)");

    private final Process browser;
    private final WebSocket ws;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> replies = new ConcurrentHashMap<>();

    private ChromiumPage(Process browser, WebSocket ws) {
        this.browser = browser;
        this.ws = ws;
    }

    /** Opens {@code url} in a fresh headless Chromium ({@code bin}) with its own profile under {@code profile}. */
    public static ChromiumPage open(Path bin, String url, Path profile) throws Exception {
        Process p = new ProcessBuilder(bin.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-dev-shm-usage", "--enable-precise-memory-info", "--remote-debugging-port=0",
                "--remote-allow-origins=*", "--user-data-dir=" + profile, url).redirectErrorStream(true).start();
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String browserWs = null;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        StringBuilder seen = new StringBuilder();
        for (String line; System.nanoTime() < end && (line = err.readLine()) != null; ) {
            seen.append(line).append('\n');
            Matcher m = LISTENING.matcher(line);
            if (m.find()) {
                browserWs = m.group(1);
                break;
            }
        }
        if (browserWs == null) {
            p.destroyForcibly();
            throw new IllegalStateException("chromium did not open its DevTools port:\n" + seen);
        }
        Thread.ofPlatform().daemon().start(() -> { // keep its output drained until it exits
            try {
                while (err.readLine() != null) {
                    // chromium's log lines: not ours to judge
                }
            } catch (IOException e) {
                // closed with the browser
            }
        });
        URI b = URI.create(browserWs);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .proxy(HttpClient.Builder.NO_PROXY).build();
        String pageWs = null;
        for (int i = 0; i < 100 && pageWs == null; i++) {
            String list = http.send(HttpRequest.newBuilder(URI.create("http://" + b.getHost() + ":" + b.getPort()
                    + "/json/list")).build(), HttpResponse.BodyHandlers.ofString()).body();
            for (JsonNode t : JSON.readTree(list)) {
                if (t.path("type").asText().equals("page")) pageWs = t.path("webSocketDebuggerUrl").asText();
            }
            if (pageWs == null) Thread.sleep(100);
        }
        if (pageWs == null) throw new IllegalStateException("no page target in chromium");
        ChromiumPage[] self = new ChromiumPage[1];
        StringBuilder partial = new StringBuilder();
        WebSocket ws = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(20))
                .buildAsync(URI.create(pageWs), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            self[0].reply(partial.toString());
                            partial.setLength(0);
                        }
                        w.request(1);
                        return null;
                    }
                }).get(30, TimeUnit.SECONDS);
        self[0] = new ChromiumPage(p, ws);
        return self[0];
    }

    private void reply(String text) {
        try {
            JsonNode m = JSON.readTree(text);
            CompletableFuture<JsonNode> f = m.has("id") ? replies.remove(m.path("id").asInt()) : null;
            if (f != null) f.complete(m);
        } catch (IOException e) {
            // not a reply of ours
        }
    }

    /** Sends one DevTools command and returns its {@code result}. */
    public JsonNode call(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        replies.put(id, f);
        ObjectNode m = JSON.createObjectNode().put("id", id).put("method", method);
        m.set("params", JSON.valueToTree(params));
        ws.sendText(JSON.writeValueAsString(m), true).get(20, TimeUnit.SECONDS);
        JsonNode r = f.get(60, TimeUnit.SECONDS);
        if (r.has("error")) throw new IllegalStateException(method + ": " + r.path("error"));
        return r.path("result");
    }

    /** The value of a JavaScript expression in the page (strings, numbers, JSON-able objects). */
    public JsonNode eval(String expression) throws Exception {
        JsonNode r = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true));
        if (r.has("exceptionDetails")) throw new IllegalStateException("page threw: " + r.path("exceptionDetails"));
        return r.path("result").path("value");
    }

    /** The page's JavaScript heap in use, after a garbage collection (what the page holds, not what it dropped). */
    public long heapUsedBytes() throws Exception {
        call("HeapProfiler.collectGarbage", Map.of());
        return call("Runtime.getHeapUsage", Map.of()).path("usedSize").asLong();
    }

    /**
     * Resident memory of the whole browser (every process under the one started: the browser, its renderers, its GPU
     * and utility processes), in KiB, from {@code /proc/PID/status}; processes that end while read count 0.
     */
    public long rssKib() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(browser.toHandle()), browser.descendants())
                .mapToLong(h -> {
                    try {
                        for (String l : java.nio.file.Files.readAllLines(Path.of("/proc", Long.toString(h.pid()),
                                "status"))) {
                            if (l.startsWith("VmRSS:")) return Long.parseLong(l.replaceAll("[^0-9]", ""));
                        }
                    } catch (IOException | RuntimeException e) {
                        // ended while read
                    }
                    return 0;
                }).sum();
    }

    @Override
    public void close() {
        ws.abort();
        // /usr/bin/chromium is a shell script: the browser is its child, and must go too
        browser.descendants().forEach(ProcessHandle::destroy);
        browser.destroy();
        try {
            if (!browser.waitFor(10, TimeUnit.SECONDS)) browser.destroyForcibly();
            browser.descendants().forEach(ProcessHandle::destroyForcibly);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            browser.destroyForcibly();
        }
    }
}
