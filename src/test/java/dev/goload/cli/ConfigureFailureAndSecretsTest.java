package dev.goload.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 3, test 7 and the secret check: a failed configure is a WARNING and the run goes on (recorded as
 * {@code configureError}); a bearer token never reaches stdout, stderr or any artifact.
 */
class ConfigureFailureAndSecretsTest {
    @TempDir
    Path dir;

    @Test
    void configureFailureIsAWarningAndTheRunContinues() {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            WireMockServer wm = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort().containerThreads(16));
            wm.start();
            try {
                // everything but configure reaches the real broker
                wm.stubFor(any(anyUrl()).atPriority(10).willReturn(aResponse().proxiedFrom(broker.url())));
                wm.stubFor(post(urlPathEqualTo("/api/v1/configure")).atPriority(1).willReturn(aResponse()
                        .withStatus(403).withHeader("Content-Type", "application/json")
                        .withBody("{\"error\":\"forbidden\"}")));
                LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-url", "http://127.0.0.1:" + wm.port(),
                        "-rate", "500", "-push-batch", "10", "-duration", "1", "-report", "1", "-consumers", "1");

                assertEquals(0, r.code(), r.toString());
                List<String> warnings = r.lines().stream().filter(l -> l.startsWith("[configure] ")).toList();
                assertEquals(1, warnings.size(), r.out());
                assertTrue(warnings.getFirst().startsWith("[configure] WARNING: "), warnings.getFirst());
                JsonNode rec = r.record();
                JsonNode error = rec.path("section").path("configureError");
                assertTrue(error.isTextual(), error.toString());
                assertTrue(error.asText().contains("403"), error.asText());
                assertEquals(1, rec.path("errors").path("configure").path("byKind").path("http_403").asLong(),
                        rec.path("errors").toString());
                assertTrue(r.counter("achievedReq") > 0, "the run went on: " + r);
                assertEquals(0, r.counter("pushErrReq"));
            } finally {
                wm.stop();
            }
        }
    }

    @Test
    void bearerTokenNeverAppearsInOutputOrArtifacts() throws Exception {
        String secret = "secret123";
        LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-embedded", "-token", secret, "-host-header",
                "cell-a", "-rate", "500", "-push-batch", "10", "-duration", "1", "-report", "1", "-consumers", "1");
        assertEquals(0, r.code(), r.toString());
        assertFalse(r.out().contains(secret), r.out());
        assertFalse(r.err().contains(secret), r.err());
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.toList();
        }
        assertEquals(3, files.size(), files.toString());
        for (Path p : files) {
            String text = new String(Files.readAllBytes(p), java.nio.charset.StandardCharsets.ISO_8859_1);
            assertFalse(text.contains(secret), p + " contains the token");
        }
        JsonNode rec = r.record();
        assertEquals("***", rec.get("flags").get("token").asText());
        assertTrue(rec.get("configLine").asText().contains("-token=***"), rec.get("configLine").asText());
        assertTrue(r.counter("achievedReq") > 0, r.toString());
    }
}
