package dev.goload.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.goload.support.OptionalTools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cell rig end to end (scripts/cell-smoke-test.sh): a native cell under a cgroup cap where the machine
 * allows one, provision, a cloud point through runpt.sh with every output file checked, a reset, a two-step
 * ladder, and a teardown that leaves no process behind. Needs PostgreSQL server binaries, psql and curl
 * ({@link OptionalTools}: skipped locally without them, a failure under CI=true; .ci/run installs them).
 *
 * <p>The cell lives on tmpfs ({@code /dev/shm}) where there is one: the rig is the same, but its two clusters'
 * initdb, checkpoints and the teardown's {@code rm -rf} of their data directories no longer wait on a disk
 * shared with the rest of the build (on the CI machine the teardown alone took 10-14 s on ext4, ~2 s on tmpfs).
 */
class CellSmokeTest {
    @TempDir
    Path tmp;

    @Test
    void cellComesUpRunsAPointAndALadderAndLeavesNothingBehind() throws Exception {
        OptionalTools.require("initdb", "psql", "pg_isready", "curl");
        Path root = Path.of("").toAbsolutePath();
        Path log = tmp.resolve("smoke.log");
        List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("scripts/cell-smoke-test.sh").toString()));
        // not under @TempDir (0700: the postgres user could not reach the cell); the script makes it 0755
        Path work = tmpfsWorkDir();
        if (work != null) cmd.addAll(List.of("--work", work.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true).redirectOutput(log.toFile()).directory(root.toFile());
        // the loader and the embedded broker/proxy run from this build's classes: no jar, no nested Maven build
        pb.environment().put("GOLOAD", launcher(Files.createDirectories(tmp.resolve("bin"))).toString());
        Process p = pb.start();
        p.getOutputStream().close();
        try {
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroy();
                p.waitFor(30, TimeUnit.SECONDS);
                fail("smoke test did not finish in 300 s:\n" + tail(log));
            }
            String out = Files.readString(log);
            assertEquals(0, p.exitValue(), "cell-smoke-test.sh failed:\n" + tail(log));
            assertTrue(out.contains("PASS: cell rig smoke test"), tail(log));
        } finally {
            // the script removes it after a pass; after a failure its cell logs are already in the tail above
            if (work != null) deleteTree(work);
        }
    }

    /** A fresh directory under /dev/shm, or null (the script then makes its own under /tmp). */
    private static Path tmpfsWorkDir() throws IOException {
        Path shm = Path.of("/dev/shm");
        if (!Files.isDirectory(shm) || !Files.isWritable(shm)) return null;
        return Files.createTempDirectory(shm, "goload-cell-smoke.");
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var paths = Files.walk(dir)) {
            for (Path x : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(x);
        }
    }

    /**
     * Writes a launcher that runs goload from the test classpath (target/classes + dependencies). C1 only
     * ({@code TieredStopAtLevel=1}): every process of the rig (broker, proxy, each point's loader, the ladder)
     * lives a few seconds, where C2's compile threads cost more CPU than they win back (a 2 s embedded openloop
     * run: 5 s wall instead of 7-8 s on the loaded CI machine); the tests check plumbing, not throughput.
     */
    static Path launcher(Path dir) throws IOException {
        Path l = dir.resolve("goload");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(l, "#!/usr/bin/env bash\nexec '" + java + "' -XX:+UseZGC -XX:TieredStopAtLevel=1 -Xms64m -Xmx1g"
                + " ${GOLOAD_JAVA_OPTS:-} -cp '"
                + System.getProperty("java.class.path") + "' dev.goload.cli.Main \"$@\"\n");
        Files.setPosixFilePermissions(l, PosixFilePermissions.fromString("rwxr-xr-x"));
        return l;
    }



    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }
}
