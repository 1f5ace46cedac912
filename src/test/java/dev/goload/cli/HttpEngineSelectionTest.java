package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.client.ClientConfig;
import dev.goload.client.HttpEngine;
import dev.goload.client.QueenClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GOLOAD_HTTP_CLIENT} picks the HTTP implementation for the whole process; a bad value is a usage error
 * before anything runs, and the run record names the engine that carried the run. Runs goload in a child JVM
 * (the environment of this one cannot be changed).
 */
class HttpEngineSelectionTest {
    @TempDir
    Path out;

    private record Child(int exit, String stdout, String stderr) {
    }

    private static Child goload(String engine, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-Xmx256m", "-cp",
                System.getProperty("java.class.path"), "dev.goload.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put(HttpEngine.ENV, engine);
        Process p = pb.start();
        byte[] o = p.getInputStream().readAllBytes();
        byte[] e = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "goload did not finish");
        return new Child(p.exitValue(), new String(o, StandardCharsets.UTF_8), new String(e, StandardCharsets.UTF_8));
    }

    private JsonNode runRecord() throws Exception {
        try (Stream<Path> files = Files.walk(out)) {
            Path json = files.filter(f -> f.getFileName().toString().matches("openloop-.*\\.json")).findFirst()
                    .orElseThrow(() -> new AssertionError("no run record under " + out));
            return new ObjectMapper().readTree(json.toFile());
        }
    }

    @Test
    void anUnknownEngineIsAUsageErrorBeforeTheRunStarts() throws Exception {
        Child c = goload("curl", "-mode", "openloop", "-embedded", "-duration", "1", "-out", out.toString());
        assertEquals(2, c.exit(), c.stderr());
        assertTrue(c.stderr().contains("GOLOAD_HTTP_CLIENT=curl: must be http1 or okhttp"), c.stderr());
        assertEquals("", c.stdout());
    }

    @Test
    void okhttpCarriesTheRunWhenChosenAndTheRecordSaysSo() throws Exception {
        Child c = goload("okhttp", "-mode", "openloop", "-embedded", "-rate", "500", "-push-batch", "10",
                "-duration", "1", "-report", "1", "-consumers", "1", "-out", out.toString());
        assertEquals(0, c.exit(), c.stderr());
        JsonNode rec = runRecord();
        assertEquals("okhttp", rec.path("tool").path("httpClient").asText(), rec.toString());
        assertTrue(rec.path("counters").path("pushedMsgs").asLong() > 0, rec.path("counters").toString());
    }

    @Test
    void plainHttpDefaultsToTheOwnEngineAndHttpsToOkHttp() {
        assertEquals(HttpEngine.HTTP1, QueenClient.engineFor(ClientConfig.of("http://127.0.0.1:1").withHttpEngine(null)
                .withHttpEngine(HttpEngine.HTTP1)));
        assertEquals(HttpEngine.OKHTTP, QueenClient.engineFor(ClientConfig.of("https://broker.example")
                .withHttpEngine(HttpEngine.HTTP1)));
        assertEquals(HttpEngine.OKHTTP, QueenClient.engineFor(ClientConfig.of("http://127.0.0.1:1")
                .withHttpEngine(HttpEngine.OKHTTP)));
        assertEquals(HttpEngine.HTTP1, HttpEngine.parse(" HTTP1 "));
    }
}
