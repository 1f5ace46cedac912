package dev.goload.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.launcher.LauncherSandbox.Run;
import dev.goload.support.OptionalTools;
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
    private Path loadCache;

    @BeforeEach
    void fakeRepo() throws IOException {
        sandbox = new LauncherSandbox(root);
        jar = sandbox.jar();
        cache = sandbox.cache();
        loadCache = sandbox.loadCache();
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
        assertTrue(Files.size(loadCache) > 0);
        FileTime built = Files.getLastModifiedTime(loadCache);

        Run reuse = logged("-mode", "max");
        assertEquals(0, reuse.exit(), reuse.err());
        assertFalse(reuse.err().contains("training"), reuse.err());
        assertTrue(reuse.err().contains(MAPPED), "the JVM maps the cache: " + reuse.err());
        assertTrue(reuse.err().contains("goload: using the AOT cache"), reuse.err());
        assertEquals("probe ran -mode max aot=-XX:AOTCache=" + loadCache + "\n", reuse.out(), "stdout is the program's");
        assertEquals(built, Files.getLastModifiedTime(loadCache), "reused, not rebuilt");

        byte[] good = Files.readAllBytes(loadCache);
        byte[] junk = new byte[good.length];
        java.util.Arrays.fill(junk, (byte) 0x5a);
        Files.write(loadCache, junk);
        Run corrupt = goload(Map.of(), "-mode", "openloop");
        assertEquals(0, corrupt.exit(), corrupt.err());
        assertEquals("probe ran -mode openloop aot=-XX:AOTCache=" + loadCache + "\n", corrupt.out(),
                "the JVM refuses the cache and runs; its complaint stays off stdout");
        assertTrue(corrupt.err().contains("[aot]"), "and is on stderr: " + corrupt.err());
        Files.write(loadCache, good);

        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 10_000));
        Run rebuilt = logged("-mode", "max");
        assertEquals(0, rebuilt.exit(), rebuilt.err());
        assertTrue(rebuilt.err().contains("training the AOT cache"), "a cache of an older jar is retrained: " + rebuilt.err());
        assertTrue(rebuilt.err().contains(MAPPED), rebuilt.err());
    }

    /**
     * openloop and max against a broker map a cache of their own paths, trained with their collector's flags (every
     * class of a cache is loaded at start, so cloud's and the embedded broker's would cost them resident set); every
     * other mode, and openloop/max with the broker in the JVM, map the cache of every path. {@code goload version},
     * the warm-up step of scripts/bench, soak and shards.sh, trains both.
     */
    @Test
    void openloopAndMaxMapACacheOfTheirOwnPathsEveryOtherModeTheWholeOneAndVersionTrainsBoth() throws Exception {
        Path log = root.resolve("train.log");
        Map<String, String> env = Map.of("AOT_PROBE_TRAIN_LOG", log.toString());
        Run load = goload(env, "-mode", "openloop");
        assertEquals(0, load.exit(), load.err());
        assertEquals("probe ran -mode openloop aot=-XX:AOTCache=" + loadCache + "\n", load.out());
        assertFalse(Files.exists(cache), "the whole cache is not trained for openloop");
        List<String> trainings = Files.readAllLines(log);
        assertEquals(1, trainings.size(), trainings.toString());
        assertTrue(trainings.get(0).startsWith("train aot-train -paths load jvm "), trainings.get(0));
        assertTrue(trainings.get(0).contains("-XX:+UseSerialGC -Xmn8m -Xms32m -Xmx1g"), "openloop's flags: " + trainings);

        Run version = goload(env, "version");
        assertEquals(0, version.exit(), version.err());
        assertEquals("probe ran version aot=-XX:AOTCache=" + loadCache + "\n", version.out());
        trainings = Files.readAllLines(log);
        assertEquals(2, trainings.size(), "the warm-up step before timed runs trains the other cache too: " + trainings);
        assertTrue(trainings.get(1).startsWith("train aot-train -paths all jvm "), trainings.get(1));
        assertTrue(trainings.get(1).contains("-XX:+UseG1GC"), trainings.get(1));

        Run cloud = goload(env, "-mode", "cloud");
        assertEquals(0, cloud.exit(), cloud.err());
        assertEquals("probe ran -mode cloud aot=-XX:AOTCache=" + cache + "\n", cloud.out());
        assertFalse(cloud.err().contains("training"), cloud.err());

        Run embedded = goload(env, "-mode", "max", "-embedded");
        assertEquals(0, embedded.exit(), embedded.err());
        assertEquals("probe ran -mode max -embedded aot=-XX:AOTCache=" + cache + "\n", embedded.out(),
                "the broker in this JVM: the whole cache");
        assertEquals(2, Files.readAllLines(log).size(), "no more training");
    }

    @Test
    void goloadAotZeroNeitherTrainsNorMapsACache() throws Exception {
        Run r = goload(Map.of("GOLOAD_AOT", "0"), "version");
        assertEquals(0, r.exit(), r.err());
        assertEquals("probe ran version aot=none\n", r.out());
        assertFalse(Files.exists(cache));
        assertFalse(r.err().contains("AOT"), r.err());
    }

    /**
     * The utility commands send no load: none trains a cache (a compare trained the load cache for 20-60 s), nor maps
     * one that is there.
     */
    @Test
    void utilityCommandsNeitherTrainNorMapACache() throws Exception {
        String[][] utilities = {{"compare", "a", "b"}, {"report", "run"}, {"merge", "-o", "m", "a"}, {"ladder", "x"},
            {"help"}, {"completion"}, {"-mode", "openloop", "--help"}, {"-mode", "cloud", "-h"}};
        for (String[] u : utilities) {
            Run r = goload(Map.of(), u);
            assertEquals(0, r.exit(), r.err());
            assertEquals("probe ran " + String.join(" ", u) + " aot=none\n", r.out());
            assertFalse(r.err().contains("training"), String.join(" ", u) + ": " + r.err());
            assertFalse(Files.exists(cache) || Files.exists(loadCache), String.join(" ", u) + " trained a cache");
        }
        assertEquals(0, goload(Map.of(), "version").exit(), "version trains both caches");
        assertTrue(Files.exists(cache) && Files.exists(loadCache));
        for (String[] u : utilities) {
            assertEquals("probe ran " + String.join(" ", u) + " aot=none\n", goload(Map.of(), u).out(),
                    "a cache that is there is not mapped either");
        }
    }

    @Test
    void aZgcRunMapsNoCache() throws Exception {
        Run r = goload(Map.of("GOLOAD_JAVA_OPTS", "-XX:+UseZGC"), "version");
        assertEquals(0, r.exit(), r.err());
        assertEquals("probe ran version aot=none\n", r.out());
        assertFalse(Files.exists(cache) || Files.exists(loadCache), "no cache is trained for a collector that cannot map it");
    }

    @Test
    void aFailedTrainingWarnsOnceRunsWithoutACacheAndIsRetriedForANewJar() throws Exception {
        Map<String, String> failing = Map.of("AOT_PROBE_FAIL", "1");
        Run r = goload(failing, "-mode", "openloop");
        assertEquals(0, r.exit(), r.err());
        assertEquals("probe ran -mode openloop aot=none\n", r.out());
        assertEquals(1, r.err().split("WARNING: the AOT cache training failed", -1).length - 1, r.err());
        assertFalse(Files.exists(loadCache));

        Run next = goload(failing, "-mode", "openloop");
        assertEquals(0, next.exit(), next.err());
        assertEquals("probe ran -mode openloop aot=none\n", next.out());
        assertFalse(next.err().contains("training"), "not retried for the same jar: " + next.err());

        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 10_000));
        Run rebuilt = goload(failing, "-mode", "openloop");
        assertEquals(0, rebuilt.exit(), rebuilt.err());
        assertTrue(rebuilt.err().contains("WARNING: the AOT cache training failed"), "retried: " + rebuilt.err());
    }

    @Test
    void theLauncherScriptsAreShellcheckClean() throws Exception {
        Path shellcheck = OptionalTools.path("shellcheck");
        Process p = new ProcessBuilder(shellcheck.toString(), "-x", "scripts/goload", "scripts/lib/aot.sh",
                        "scripts/lib/jdk.sh", "scripts/runtime", "scripts/lib/runtime.sh")
                .directory(REPO.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
    }
}
