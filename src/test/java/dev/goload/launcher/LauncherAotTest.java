package dev.goload.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.launcher.LauncherSandbox.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/goload's AOT cache (scripts/lib/aot.sh), run for real on a copy of the launcher in a temporary root whose
 * target/goload.jar is {@link AotProbe}: the training runs once and its cache is mapped by later runs (the JVM's own
 * {@code -Xlog:aot} says so), a rebuilt jar retrains, {@code GOLOAD_AOT=0} disables it, a corrupt cache or a
 * failed training never breaks a run nor reaches stdout, concurrent launchers leave one valid cache.
 */
class LauncherAotTest {
    private static final Path REPO = Path.of("").toAbsolutePath();
    @TempDir Path root;
    private LauncherSandbox sandbox;
    private Path jar;
    private Path cache;

    @BeforeEach
    void fakeRepo() throws IOException {
        sandbox = new LauncherSandbox(root);
        jar = sandbox.jar();
        cache = sandbox.cache();
    }

    private Run goload(Map<String, String> env, String... args) throws Exception {
        return sandbox.goload(env, args);
    }

    /** A run with the JVM's AOT log on stderr, which says whether the cache was mapped. */
    private Run logged(String... args) throws Exception {
        return goload(Map.of("GOLOAD_JAVA_OPTS", "-Xlog:aot=info:stderr"), args);
    }

    private static final String MAPPED = "Using AOT-linked classes: true";

    /**
     * One training for the whole life of a cache (each costs two JVMs): launchers started together train it once,
     * later runs map it, a corrupt cache does not break a run, a rebuilt jar retrains.
     */
    @Test
    void concurrentLaunchersTrainOnceLaterRunsMapTheCacheAndARebuiltJarRetrains() throws Exception {
        List<CompletableFuture<Run>> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            runs.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return goload(Map.of(), "-mode", "openloop");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        int trained = 0;
        for (CompletableFuture<Run> f : runs) {
            Run r = f.get(150, TimeUnit.SECONDS);
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().startsWith("probe ran -mode openloop aot="), r.out());
            if (r.err().contains("training the AOT cache")) trained++;
        }
        assertEquals(1, trained, "the first trains; the others run at once without the cache, or map it");
        assertTrue(Files.size(cache) > 0);
        FileTime built = Files.getLastModifiedTime(cache);

        Run reuse = logged("-mode", "max");
        assertEquals(0, reuse.exit(), reuse.err());
        assertFalse(reuse.err().contains("training"), reuse.err());
        assertTrue(reuse.err().contains(MAPPED), "the JVM maps the cache: " + reuse.err());
        assertTrue(reuse.err().contains("goload: using the AOT cache"), reuse.err());
        assertEquals("probe ran -mode max aot=-XX:AOTCache=" + cache + "\n", reuse.out(), "stdout is the program's");
        assertEquals(built, Files.getLastModifiedTime(cache), "reused, not rebuilt");

        byte[] good = Files.readAllBytes(cache);
        byte[] junk = new byte[good.length];
        java.util.Arrays.fill(junk, (byte) 0x5a);
        Files.write(cache, junk);
        Run corrupt = goload(Map.of(), "-mode", "openloop");
        assertEquals(0, corrupt.exit(), corrupt.err());
        assertEquals("probe ran -mode openloop aot=-XX:AOTCache=" + cache + "\n", corrupt.out(),
                "the JVM refuses the cache and runs; its complaint stays off stdout");
        assertTrue(corrupt.err().contains("[aot]"), "and is on stderr: " + corrupt.err());
        Files.write(cache, good);

        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 10_000));
        Run rebuilt = logged("version");
        assertEquals(0, rebuilt.exit(), rebuilt.err());
        assertTrue(rebuilt.err().contains("training the AOT cache"), "a cache of an older jar is retrained: " + rebuilt.err());
        assertTrue(rebuilt.err().contains(MAPPED), rebuilt.err());
    }

    @Test
    void goloadAotZeroNeitherTrainsNorMapsACache() throws Exception {
        Run r = goload(Map.of("GOLOAD_AOT", "0"), "version");
        assertEquals(0, r.exit(), r.err());
        assertEquals("probe ran version aot=none\n", r.out());
        assertFalse(Files.exists(cache));
        assertFalse(r.err().contains("AOT"), r.err());
    }

    @Test
    void aZgcRunMapsNoCache() throws Exception {
        Run r = goload(Map.of("GOLOAD_JAVA_OPTS", "-XX:+UseZGC"), "version");
        assertEquals(0, r.exit(), r.err());
        assertEquals("probe ran version aot=none\n", r.out());
        assertFalse(Files.exists(cache), "no cache is trained for a collector that cannot map it");
    }

    @Test
    void aFailedTrainingWarnsOnceRunsWithoutACacheAndIsRetriedForANewJar() throws Exception {
        Map<String, String> failing = Map.of("AOT_PROBE_FAIL", "1");
        Run r = goload(failing, "version");
        assertEquals(0, r.exit(), r.err());
        assertEquals("probe ran version aot=none\n", r.out());
        assertEquals(1, r.err().split("WARNING: the AOT cache training failed", -1).length - 1, r.err());
        assertFalse(Files.exists(cache));

        Run next = goload(failing, "version");
        assertEquals(0, next.exit(), next.err());
        assertEquals("probe ran version aot=none\n", next.out());
        assertFalse(next.err().contains("training"), "not retried for the same jar: " + next.err());

        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 10_000));
        Run rebuilt = goload(failing, "version");
        assertEquals(0, rebuilt.exit(), rebuilt.err());
        assertTrue(rebuilt.err().contains("WARNING: the AOT cache training failed"), "retried: " + rebuilt.err());
    }

    @Test
    void theLauncherScriptsAreShellcheckClean() throws Exception {
        Process p = new ProcessBuilder("shellcheck", "-x", "scripts/goload", "scripts/lib/aot.sh", "scripts/lib/jdk.sh")
                .directory(REPO.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
    }
}
