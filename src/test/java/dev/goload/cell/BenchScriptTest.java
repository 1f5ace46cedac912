package dev.goload.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/bench's command line (fast: every bad argument is refused before anything starts), and — only with
 * {@code GOLOAD_BENCH_TESTS=1}, as it runs eleven JVMs for about a minute — one tiny run with {@code --ref
 * scripts/goload} (drop-in compatible, so it stands in for the Go reference) whose summary must carry the
 * reference's figures and the goload/ref ratios. Its --help and shellcheck are {@link CellScriptsTest}'s.
 */
class BenchScriptTest {
    private static CellScriptsTest.Run bench(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", "scripts/bench"));
        cmd.addAll(List.of(args));
        return CellScriptsTest.run(cmd);
    }

    @Test
    void badArgumentsExitTwoWithAMessage(@TempDir Path tmp) throws Exception {
        Path notExecutable = Files.writeString(tmp.resolve("ref"), "#!/bin/sh\n");
        String[][] bad = {
            {"--ref", tmp.resolve("missing").toString()},
            {"--ref", notExecutable.toString()},
            {"--ref"},
            {"--skip", "push,nosuch"},
            {"--verify-tenants", "100 0"},
            {"--pushb1-rate", "fast"},
            {"--pushb1-rate", "0"},
            {"--cloud-sec", "0"},
            {"--drain", "-1"},
        };
        for (String[] args : bad) {
            var r = bench(args);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.output());
            assertTrue(r.output().startsWith("scripts/bench: "), "a message names the script: " + r.output());
        }
        var ref = bench("--ref", notExecutable.toString());
        assertTrue(ref.output().contains("not an executable file"), ref.output());
    }

    @Test
    @EnabledIfEnvironmentVariable(named = "GOLOAD_BENCH_TESTS", matches = "1")
    void refRunsTheSamePhasesAndTheSummaryPrintsTheRatios(@TempDir Path tmp) throws Exception {
        List<String> cmd = List.of("bash", "scripts/bench", "--skip", "okhttp,ladder,verify,tenants", "--push-sec", "3",
                "--consume-sec", "3", "--warmup", "1", "--cloud-sec", "3", "--drain", "3", "--pushb1-rate", "1000",
                "--ref", "scripts/goload");
        Path out = tmp.resolve("summary.json");
        Process p = new ProcessBuilder(cmd).redirectError(tmp.resolve("stderr.txt").toFile()).redirectOutput(out.toFile())
                .start();
        p.getOutputStream().close();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("scripts/bench did not finish in 10 minutes");
        }
        assertEquals(0, p.exitValue(), Files.readString(tmp.resolve("stderr.txt")));
        JsonNode s = new ObjectMapper().readTree(out.toFile());
        for (String phase : new String[] {"push", "consume", "autoack", "pushb1"}) {
            JsonNode ref = s.path("ref").path(phase).path("wholeProcess");
            assertTrue(ref.path("cpuMicrosPerMsg").asDouble() > 0, phase + ": " + ref);
            assertTrue(ref.path("msgs").asLong() > 0, phase + ": messages from the [final] line: " + ref);
            assertTrue(s.path(phase).path("wholeProcess").path("cpuMicrosPerMsg").asDouble() > 0, phase);
            assertTrue(s.path("ratios").path(phase).path("cpuMicrosPerMsg").asDouble() > 0, phase + ": " + s.path("ratios"));
            assertTrue(s.path("ratios").path(phase).path("peakRssMB").asDouble() > 0, phase);
        }
        assertTrue(s.path("ref").path("pushb1").path("wholeProcess").path("cpuMicrosPerRequest").asDouble() > 0);
        JsonNode cloud = s.path("ref").path("cloud");
        // PASS or, on a loaded machine, FAIL with a backlog: either is the reference's measured verdict
        assertTrue(cloud.path("verdict").asText().matches("PASS|FAIL"), cloud.toString());
        assertTrue(cloud.path("poppedMsgs").asLong() > 0, "from the reference's <run-id>.json: " + cloud);
        assertTrue(cloud.path("sampled").path("peakEstablished").asLong() > 0, "sampled from outside: " + cloud);
        assertTrue(s.path("ratios").path("cloud").path("cpuSec").asDouble() > 0, s.path("ratios").toString());
        assertTrue(s.path("cloud").path("verification").path("ledgerBytesPerTenant").asLong() > 0, s.path("cloud").toString());
        assertTrue(s.path("targets").has("pushWholeProcessCpuMicrosPerMsg"), s.path("targets").toString());
    }
}
