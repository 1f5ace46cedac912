package dev.goload.realbroker;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real-broker tier's broker: a class registers it ({@code @RegisterExtension static final RealQueenBroker
 * BROKER = new RealQueenBroker();}) and is tagged {@code solo}, so the tier's classes run one at a time in the one
 * JVM of surefire's {@code solo} execution, each on a broker reset for it. Before the class:
 * <ul>
 *   <li>without {@code GOLOAD_TEST_QUEEN_URL} the class is skipped, with one line on stderr and as the class's skip
 *       reason (which {@code scripts/test} lists) — also under {@code CI=true}: the tier is opt-in, unlike the
 *       optional tools;</li>
 *   <li>with it, {@code GOLOAD_TEST_QUEEN_RESET} must name a command; it runs under {@code bash -c} and must exit 0
 *       (the broker's database dropped and created, the broker restarted);</li>
 *   <li>then the broker's {@code /health} must answer {@code "status":"healthy"} within {@link #HEALTHY_WITHIN}.</li>
 * </ul>
 * A missing reset command, a failed reset or an unhealthy broker fails the class, saying which. Test-only.
 */
public final class RealQueenBroker implements ExecutionCondition, BeforeAllCallback {
    public static final String URL_VARIABLE = "GOLOAD_TEST_QUEEN_URL";
    public static final String RESET_VARIABLE = "GOLOAD_TEST_QUEEN_RESET";
    /** The one line a class of the tier skips with when {@link #URL_VARIABLE} is not set. */
    public static final String SKIP_LINE = "needs " + URL_VARIABLE + ": a real Queen broker, see docs/testing.md";
    static final Duration RESET_WITHIN = Duration.ofMinutes(3);
    static final Duration HEALTHY_WITHIN = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the environment asks of the tier: skip with a line, fail with a message, or run on a broker. */
    sealed interface Setup {
        record Skip(String line) implements Setup {}

        record Fail(String message) implements Setup {}

        record Run(String url, String resetCommand) implements Setup {}
    }

    private final AtomicInteger names = new AtomicInteger();
    private final String nonce = Long.toString(System.currentTimeMillis(), 36);
    private volatile String url;

    public RealQueenBroker() {}

    /** One already set up at {@code url}: the audit helpers' own tests point it at an embedded broker. */
    static RealQueenBroker at(String url) {
        RealQueenBroker b = new RealQueenBroker();
        b.url = url;
        return b;
    }

    /** The tier's decision for an environment: pure, so it is tested with made-up ones. */
    static Setup setup(Map<String, String> env) {
        String url = env.getOrDefault(URL_VARIABLE, "").strip();
        if (url.isEmpty()) return new Setup.Skip(SKIP_LINE);
        String reset = env.getOrDefault(RESET_VARIABLE, "").strip();
        if (reset.isEmpty()) {
            return new Setup.Fail(URL_VARIABLE + " is set but " + RESET_VARIABLE + " is not: the tier resets the"
                    + " broker's database before each class; set it to a command that does (docs/testing.md)");
        }
        while (url.endsWith("/")) url = url.substring(0, url.length() - 1);
        return new Setup.Run(url, reset);
    }

    /** Skips the class (once, for all its tests) without the broker's URL. */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (context.getTestMethod().isEmpty() && setup(System.getenv()) instanceof Setup.Skip s) {
            System.err.println("SKIPPED: " + s.line());
            return ConditionEvaluationResult.disabled(s.line());
        }
        return ConditionEvaluationResult.enabled(URL_VARIABLE + " is set");
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        switch (setup(System.getenv())) {
            case Setup.Skip s -> throw new IllegalStateException("the class should have been skipped: " + s.line());
            case Setup.Fail f -> fail(f.message());
            case Setup.Run r -> {
                reset(r.resetCommand(), RESET_WITHIN);
                awaitHealthy(r.url(), HEALTHY_WITHIN);
                url = r.url();
            }
        }
    }

    /** The broker's base URL (no trailing slash); set once the class's reset and health check passed. */
    public String url() {
        if (url == null) throw new IllegalStateException("the broker is not set up: register the extension static");
        return url;
    }

    /** One line on stdout about what the broker did in a run (how many messages it skipped, say). */
    static void note(String line) {
        System.out.println("[real broker] " + line);
    }

    /** The run record {@code record} says its run went to this broker, not to an embedded one. */
    public void assertRanAgainstIt(JsonNode record) {
        org.junit.jupiter.api.Assertions.assertEquals(url(), record.path("broker").path("url").asText(),
                "the run's broker: " + record.path("broker"));
        org.junit.jupiter.api.Assertions.assertFalse(record.path("broker").path("embedded").asBoolean(true),
                record.path("broker").toString());
    }

    /**
     * A queue name (or prefix) no other run of this JVM's tier uses: {@code base} plus this class's nonce and a
     * counter, so two tests of a class never share a queue even on a broker that was not reset.
     */
    public String name(String base) {
        return base + "-" + nonce + "-" + names.incrementAndGet();
    }

    /** Runs {@code command} with {@code bash -c}; fails with its exit code and output unless it exits 0 in time. */
    static void reset(String command, Duration within) {
        Path log = null;
        try {
            log = Files.createTempFile("goload-queen-reset", ".log");
            Process p = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                fail(RESET_VARIABLE + " did not finish within " + seconds(within) + ": " + command + "\n"
                        + tail(log));
            }
            if (p.exitValue() != 0) {
                fail(RESET_VARIABLE + " failed (exit " + p.exitValue() + "): " + command + "\n" + tail(log));
            }
        } catch (IOException e) {
            fail(RESET_VARIABLE + " could not be started (bash -c): " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while " + RESET_VARIABLE + " ran", e);
        } finally {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException ignored) {
                    // a temporary file left behind
                }
            }
        }
    }

    private static String seconds(Duration d) {
        return new java.math.BigDecimal(d.toMillis()).movePointLeft(3).stripTrailingZeros().toPlainString() + " s";
    }

    /** The last 20 lines of the reset command's output. */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "--- its output (last lines):\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(output unreadable: " + e + ")";
        }
    }

    /** A plain HTTP/1.1 client (no h2c upgrade offer), as the broker's own clients speak. */
    private static HttpClient http(int connectSeconds) {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(connectSeconds)).build();
    }

    /** Polls {@code url/health} until it answers {@code "status":"healthy"}; fails with the last answer otherwise. */
    static JsonNode awaitHealthy(String url, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        String last = "no answer";
        try (HttpClient http = http(2)) {
            while (true) {
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + "/health"))
                            .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
                    last = "HTTP " + r.statusCode() + " " + r.body();
                    if (r.statusCode() == 200) {
                        JsonNode health = JSON.readTree(r.body());
                        if ("healthy".equals(health.path("status").asText())) return health;
                    }
                } catch (IOException e) {
                    last = e.toString();
                }
                if (System.nanoTime() > deadline) {
                    fail("the broker at " + url + " is not healthy after " + seconds(within) + " ("
                            + URL_VARIABLE + "): GET /health -> " + last);
                }
                Thread.sleep(250);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + url + "/health", e);
        }
    }

    /**
     * Every message the broker stores in {@code queue}, read after the run through a consumer group of its own
     * (subscription mode {@code all}, auto-ack) until two pops in a row come back empty: what the broker holds, told by
     * the broker, whatever the run's own consumers saw.
     */
    public List<JsonNode> storedMessages(String queue) {
        String group = name("tier-audit");
        List<JsonNode> all = new ArrayList<>();
        URI pop = URI.create(url() + "/api/v1/pop/queue/" + queue + "?batch=1000&partitions=100&wait=false"
                + "&autoAck=true&subscriptionMode=all&consumerGroup=" + group);
        try (HttpClient http = http(5)) {
            int empty = 0;
            while (empty < 2) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(pop).timeout(Duration.ofSeconds(30)).GET()
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 204) {
                    empty++;
                    continue;
                }
                if (r.statusCode() != 200) fail("audit pop of " + queue + ": HTTP " + r.statusCode() + " " + r.body());
                JsonNode messages = JSON.readTree(r.body()).path("messages");
                if (messages.isEmpty()) {
                    empty++;
                } else {
                    empty = 0;
                    messages.forEach(all::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("audit pop of " + queue, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while auditing " + queue, e);
        }
        return all;
    }

    /** The broker holds exactly {@code pushed} messages in {@code queue}, each with a transaction id of its own. */
    public void assertStoresExactly(String queue, long pushed) {
        assertStoresBetween(queue, pushed, pushed);
    }

    /**
     * The broker holds at least the {@code pushed} messages the run counted in {@code queue} and at most
     * {@code upTo} (pushes the run's stop cancelled may have been stored), each with a transaction id of its own.
     */
    public void assertStoresBetween(String queue, long pushed, long upTo) {
        List<JsonNode> stored = storedMessages(queue);
        java.util.Set<String> ids = new java.util.HashSet<>();
        stored.forEach(m -> ids.add(m.path("transactionId").asText()));
        if (pushed == upTo) {
            org.junit.jupiter.api.Assertions.assertEquals(pushed, stored.size(),
                    queue + ": the broker stores every message the run counted as pushed, no more");
        } else {
            org.junit.jupiter.api.Assertions.assertTrue(stored.size() >= pushed && stored.size() <= upTo, queue
                    + ": the broker stores " + stored.size() + ", not the " + pushed + " pushed (+ up to "
                    + (upTo - pushed) + " of cancelled pushes)");
        }
        org.junit.jupiter.api.Assertions.assertEquals(stored.size(), ids.size(), queue + ": one transaction id each");
    }

    /**
     * The broker's dead-letter rows of {@code queue}, counted by consumer group ({@code GET /api/v1/dlq}, page by
     * page): what the broker moved aside, told by the broker.
     */
    public Map<String, Long> deadLetteredByGroup(String queue) {
        Map<String, Long> byGroup = new java.util.TreeMap<>();
        int page = 1000;
        try (HttpClient http = http(5)) {
            for (int offset = 0; ; offset += page) {
                URI dlq = URI.create(url() + "/api/v1/dlq?queue=" + queue + "&limit=" + page + "&offset=" + offset);
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(dlq).timeout(Duration.ofSeconds(30)).GET()
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    fail("dead letters of " + queue + ": HTTP " + r.statusCode() + " " + r.body());
                }
                JsonNode messages = JSON.readTree(r.body()).path("messages");
                messages.forEach(m -> byGroup.merge(m.path("consumerGroup").asText(), 1L, Long::sum));
                if (messages.size() < page) return byGroup;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("dead letters of " + queue, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the dead letters of " + queue, e);
        }
    }
}
