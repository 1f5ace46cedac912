package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.ClientConfig;
import dev.goload.client.PushResult;
import dev.goload.client.QueenClient;
import dev.goload.endpoint.FixedEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code goload endpoint}: its flags, its refusals (exit 2) and a started endpoint answering the real client. */
class EndpointCommandTest {
    private record Result(int code, String out, String err) {}

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = EndpointCommand.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), EndpointCommandTest::stop);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static void stop(FixedEndpoint.Serving serving) {
        try {
            serving.close();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aStrayArgumentIsAUsageErrorNotIgnored() {
        Result r = run("-port", "0", "500");
        assertEquals(ExitCodes.USAGE, r.code());
        assertTrue(r.err().contains("goload endpoint: unexpected argument \"500\""), r.err());
        assertEquals("", r.out(), "nothing was started");
    }

    @Test
    void anUndefinedFlagIsAUsageErrorWithTheUsage() {
        MainRun r = MainRun.of("endpoint", "-push-itemz", "100");
        assertEquals(ExitCodes.USAGE, r.code());
        assertTrue(r.err().contains("flag provided but not defined: -push-itemz"), r.err());
        assertTrue(r.err().contains("did you mean -push-items?"), r.err());
    }

    @Test
    void badValuesAreUsageErrors() {
        assertTrue(run("-push-answer", "gena").err().contains("-push-answer must be genb or full"));
        for (String[] bad : new String[][] {{"-push-answer", "gena"}, {"-port", "70000"}, {"-threads", "0"},
            {"-push-items", "-1"}, {"-payload", "x"}}) {
            assertEquals(ExitCodes.USAGE, run(bad).code(), String.join(" ", bad));
        }
    }

    @Test
    void theStartedEndpointAnswersAPushWithItsItemsAndCountsIt() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompletableFuture<FixedEndpoint.Serving> started = new CompletableFuture<>();
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(() -> EndpointCommand.run(
                List.of("-port", "0", "-push-items", "10"), new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err, started::complete));
        FixedEndpoint.Serving serving = started.get(10, TimeUnit.SECONDS);
        try {
            String line = out.toString(StandardCharsets.UTF_8).strip();
            assertTrue(line.startsWith(EndpointCommand.LISTENING + "http://127.0.0.1:"), line);
            String url = line.substring(EndpointCommand.LISTENING.length());
            assertEquals("http://127.0.0.1:" + serving.port(), url);
            try (QueenClient c = new QueenClient(ClientConfig.of(url))) {
                PushResult r = c.push("q", "p0", "{\"data\":\"x\"}".getBytes(StandardCharsets.UTF_8), 10);
                assertEquals(10, r.queued(), "every item of the canned answer is queued");
            }
            try (HttpClient http = HttpClient.newHttpClient()) {
                String stats = http.send(HttpRequest.newBuilder(URI.create(url + "/bench/stats")).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                assertTrue(stats.contains("\"push\":1,"), stats);
            }
        } finally {
            serving.close();
        }
        assertEquals(ExitCodes.OK, code.get(10, TimeUnit.SECONDS), "closing the endpoint ends the command");
    }

    @Test
    void helpCompletionAndTheOverviewNameTheCommand() {
        MainRun help = MainRun.of("help", "endpoint");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().contains("-push-items") && help.out().contains("-pop-messages"), help.out());
        MainRun overview = MainRun.of("--help");
        assertTrue(overview.err().contains("endpoint") && overview.err().contains("goload's own ceiling"),
                overview.err());
        MainRun completion = MainRun.of("completion", "bash");
        assertTrue(completion.out().contains("endpoint") && completion.out().contains("--push-answer"),
                "completion offers the command and its flags");
    }
}
