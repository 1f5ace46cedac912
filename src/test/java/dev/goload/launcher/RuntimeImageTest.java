package dev.goload.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * goload on the jlink'd runtime, for real (GOLOAD_RUNTIME_TESTS=1; ~2-3 min on 2 cores: jlink, two AOT trainings, two
 * runs): scripts/runtime makes the runtime from target/goload.jar (which must be built: mvn -DskipTests package), a
 * copy of the launcher and the jar without sources runs {@code demo} and a verified cloud run on it, training and
 * mapping the AOT cache with that runtime. The modules it may lack are exactly what jdeps cannot see (reflection,
 * services), so only running goload proves the list. {@link RuntimeModulesTest} covers the cheap logic always.
 */
@EnabledIfEnvironmentVariable(named = "GOLOAD_RUNTIME_TESTS", matches = "1")
class RuntimeImageTest {
    private static final Path REPO = Path.of("").toAbsolutePath();
    @TempDir Path tmp;

    record Run(int exit, String out, String err) {}

    private Run run(Path home, List<String> cmd, long timeoutSec) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile());
        pb.environment().remove("GOLOAD_AOT");
        pb.environment().remove("GOLOAD_JAVA_OPTS");
        if (home != null) pb.environment().put("JAVA_HOME", home.toString());
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(timeoutSec, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd + "\n" + Files.readString(err));
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void demoAndAVerifiedCloudRunPassOnTheJlinkedRuntime() throws Exception {
        Path jar = REPO.resolve("target/goload.jar");
        assertTrue(Files.isRegularFile(jar), "build target/goload.jar first: mvn -B -q -DskipTests package");
        Path runtime = tmp.resolve("runtime");
        Run jlink = run(Path.of(System.getProperty("java.home")),
                List.of("bash", REPO.resolve("scripts/runtime").toString(), runtime.toString()), 600);
        assertEquals(0, jlink.exit(), jlink.err());
        assertFalse(Files.exists(runtime.resolve("bin/javac")), "a runtime, not a JDK");
        String modules = Files.readString(runtime.resolve("release"));
        assertTrue(modules.contains("jdk.httpserver"), "the metrics exporter's server: " + modules);

        // the launcher and the jar without sources, as in the image: no Maven, no build
        Path goload = tmp.resolve("goload");
        Files.createDirectories(goload.resolve("scripts/lib"));
        Files.createDirectories(goload.resolve("target"));
        for (String s : List.of("scripts/goload", "scripts/lib/jdk.sh", "scripts/lib/aot.sh")) {
            Files.copy(REPO.resolve(s), goload.resolve(s), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Files.copy(jar, goload.resolve("target/goload.jar"), StandardCopyOption.COPY_ATTRIBUTES);
        String launcher = goload.resolve("scripts/goload").toString();

        Run demo = run(runtime, List.of("bash", launcher, "demo"), 600);
        assertEquals(0, demo.exit(), demo.err() + demo.out());
        assertTrue(demo.out().lines().anyMatch(l -> l.startsWith("[final] offered=")), demo.out());
        assertTrue(demo.err().contains("training the AOT cache " + goload.resolve("target/goload.aot")), demo.err());
        assertTrue(demo.err().contains("using the AOT cache"), demo.err());
        assertTrue(Files.readString(goload.resolve("target/goload.aot.key")).startsWith("jdk=" + runtime + " "),
                "trained by the runtime that maps it");

        Run cloud = run(runtime, List.of("bash", launcher, "-mode", "cloud", "-embedded", "-target", "proxy",
                "-tenants", "4", "-rate", "400", "-duration", "8"), 600);
        assertEquals(0, cloud.exit(), cloud.err() + cloud.out());
        assertTrue(cloud.out().lines().anyMatch(l -> l.equals("VERDICT: PASS")), cloud.out());
        assertFalse(cloud.err().contains("training the AOT cache"), "the cache trained by demo is mapped: " + cloud.err());
        assertFalse(cloud.err().contains("Exception"), cloud.err());
    }
}
