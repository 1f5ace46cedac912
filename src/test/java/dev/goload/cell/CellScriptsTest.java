package dev.goload.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.goload.support.OptionalTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Every rig script has --help, rejects bad arguments with exit 2, and is shellcheck-clean. */
class CellScriptsTest {
    static final List<String> SCRIPTS = List.of("vm-cell.sh", "reset-cell-db.sh", "runpt.sh",
            "scripts/cell-smoke-test.sh", "samplers/bench-sampler.sh", "samplers/loader-sampler.sh", "scripts/soak",
            "scripts/shards.sh", "scripts/bench", "scripts/per-request", "scripts/cloud-run", "scripts/floor-patterns");

    record Run(int exit, String output) {}

    static Run run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("timed out: " + cmd);
        }
        return new Run(p.exitValue(), out);
    }

    @Test
    void everyScriptHasHelpAndRejectsUnknownArgumentsWithExit2() throws Exception {
        for (String s : SCRIPTS) {
            Run help = run(List.of("bash", s, "--help"));
            assertEquals(0, help.exit(), s + " --help: " + help.output());
            assertTrue(help.output().startsWith("usage: "), s + " --help prints its usage");
            Run bad = run(List.of("bash", s, "--no-such-flag"));
            assertEquals(2, bad.exit(), s + " --no-such-flag: " + bad.output());
        }
    }

    @Test
    void dryRunPrintsTheCommandsAndChangesNothing() throws Exception {
        Path dir = Files.createTempDirectory("cell-dry");
        Run r = run(List.of("bash", "vm-cell.sh", "up", "--dry-run", "--cell-dir", dir.resolve("c").toString(),
                "--cap", "cgroup2", "--pg", "native", "--cell-cpus", "1.5", "--cell-mem", "4"));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("150000\\ 100000 > /sys/fs/cgroup"), "cpu.max for 1.5 cores:\n" + r.output());
        assertTrue(r.output().contains("4294967296"), "memory.max for 4 GiB");
        assertTrue(r.output().contains("shared_buffers=1024MB"), "shared_buffers = 25 % of the cap");
        assertTrue(r.output().contains("effective_cache_size=3072MB"));
        assertTrue(!Files.exists(dir.resolve("c")), "a dry run creates nothing");
    }

    @Test
    void scriptsAreShellcheckClean() throws Exception {
        Path shellcheck = OptionalTools.path("shellcheck");
        List<String> cmd = new ArrayList<>(List.of(shellcheck.toString(), "-x"));
        cmd.addAll(SCRIPTS);
        cmd.addAll(List.of("scripts/lib/vm-cell-parts.sh", "scripts/lib/cell.sh", "scripts/lib/sampling.sh",
                "scripts/lib/pg.sh", "scripts/test", "scripts/pg-test-instance.sh", ".ci/run", ".ci/fresh-path",
                ".ci/fresh-suite"));
        Run r = run(cmd);
        assertEquals(0, r.exit(), r.output());
    }
}
