package dev.goload.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.launcher.LauncherSandbox.Run;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/goload's per-mode JVM flags, as the JVM received them (the launcher copy runs {@link AotProbe}; no AOT
 * cache, so no training run).
 */
class LauncherJvmFlagsTest {
    @TempDir Path root;
    private LauncherSandbox sandbox;

    @BeforeEach
    void sandbox() throws Exception {
        sandbox = new LauncherSandbox(root);
    }

    private List<String> jvmArgs(Map<String, String> extraEnv, String... args) throws Exception {
        Map<String, String> env = new java.util.HashMap<>(Map.of("GOLOAD_AOT", "0", "PROBE_JVM_ARGS", "1"));
        env.putAll(extraEnv);
        Run r = sandbox.goload(env, args);
        assertEquals(0, r.exit(), r.err());
        String line = r.out().lines().filter(l -> l.startsWith("jvm ")).findFirst().orElseThrow();
        return Arrays.asList(line.substring(4).split(" "));
    }

    /**
     * A script that starts {@code goload ... &} and later sends {@code kill -INT} stops the Go tool (its
     * signal.Notify takes back an ignored SIGINT); the JVM keeps an ignored SIGINT ignored, so the launcher hands it
     * SIGINT at its default.
     */
    @Test
    void aBackgroundJobsJvmGetsSigintAtItsDefaultNotIgnored() throws Exception {
        Map<String, String> env = Map.of("GOLOAD_AOT", "0", "PROBE_SIGINT", "1");
        Run r = sandbox.goloadInBackground(env, "-mode", "openloop", "-duration", "1");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("sigint default\n"), r.out());
        Run fg = sandbox.goload(env, "-mode", "openloop", "-duration", "1");
        assertTrue(fg.out().contains("sigint default\n"), fg.out());
    }

    @Test
    void theVerifyingModesRunG1WithAYoungGenerationCappedAt32Mb() throws Exception {
        for (String mode : List.of("cloud", "cm", "order", "app")) {
            List<String> a = jvmArgs(Map.of(), "-mode", mode, "-duration", "1");
            assertTrue(a.contains("-XX:+UseG1GC"), mode + ": " + a);
            assertTrue(a.contains("-XX:MaxNewSize=32m"), mode + ": " + a);
            assertTrue(a.contains("-Xmx1g"), mode + ": " + a);
        }
    }

    /** compare, report and merge are not max (the default mode): none of its load flags (Serial, the C2 bound). */
    @Test
    void theUtilityCommandsRunOnTheRestsFlagsNotMaxs() throws Exception {
        for (String command : List.of("compare", "report", "merge")) {
            List<String> a = jvmArgs(Map.of(), command, "x");
            assertTrue(a.contains("-XX:+UseG1GC") && a.contains("-Xms64m"), command + ": " + a);
            assertFalse(a.contains("-XX:+UseSerialGC") || a.contains("-Xmx1g"), command + ": " + a);
            assertTrue(a.stream().noneMatch(f -> f.contains("memlimit")), command + ": " + a);
        }
    }

    /** The fixed endpoint serves; it sends no load: not max's flags (the default mode's) but the rest's. */
    @Test
    void theEndpointCommandRunsOnTheRestsFlagsNotMaxs() throws Exception {
        List<String> a = jvmArgs(Map.of(), "endpoint", "-port", "0");
        assertTrue(a.contains("-XX:+UseG1GC") && a.contains("-Xms64m"), a.toString());
        assertFalse(a.contains("-XX:+UseSerialGC") || a.contains("-Xmx1g"), a.toString());
    }

    @Test
    void cloudWhosePushesTakeThePushLoopRunsSerialWithAn8MbYoungGeneration() throws Exception {
        for (String[] args : List.of(new String[] {"-mode", "cloud", "-tenants", "4", "-url", "http://127.0.0.1:1"},
                new String[] {"-mode", "cloud", "-tenants=32", "-retries", "0"})) {
            List<String> a = jvmArgs(Map.of(), args);
            assertTrue(a.contains("-XX:+UseSerialGC") && a.contains("-Xmn8m"), a.toString());
            assertFalse(a.contains("-XX:+UseG1GC") || a.contains("-XX:MaxNewSize=32m"), a.toString());
            assertTrue(a.contains("-Xmx1g") && a.contains("-XX:TieredStopAtLevel=1"), a.toString());
        }
        // where a push may take a virtual thread (2026-12-01: Serial's young pauses scanned their stacks), G1 stays
        for (String[] args : List.of(new String[] {"-mode", "cloud", "-tenants", "33"},
                new String[] {"-mode", "cloud"}, // the tenants file decides how many clients
                new String[] {"-mode", "cloud", "-tenants", "4", "-retries", "2"},
                new String[] {"-mode", "cloud", "-tenants", "4", "-url", "https://127.0.0.1:1"})) {
            List<String> a = jvmArgs(Map.of(), args);
            assertTrue(a.contains("-XX:+UseG1GC") && a.contains("-XX:MaxNewSize=32m"), a.toString());
        }
        for (Map<String, String> env : List.of(Map.of("GOLOAD_PUSH_LOOP", "0"), Map.of("GOLOAD_HTTP_CLIENT", "okhttp"))) {
            List<String> a = jvmArgs(env, "-mode", "cloud", "-tenants", "4");
            assertTrue(a.contains("-XX:+UseG1GC"), env + ": " + a);
        }
    }

    @Test
    void openloopAndMaxKeepSerialWithAn8MbYoungGenerationAndNoG1Cap() throws Exception {
        for (String mode : List.of("openloop", "max")) {
            List<String> a = jvmArgs(Map.of(), "-mode=" + mode);
            assertTrue(a.contains("-XX:+UseSerialGC") && a.contains("-Xmn8m"), mode + ": " + a);
            assertFalse(a.contains("-Xmn16m") || a.contains("-XX:MaxNewSize=32m"), mode + ": " + a);
        }
    }

    /**
     * openloop and max bound each C2 compilation's arenas at 8 MB (docs/benchmarks-history.md, resident set,
     * 2026-12-02, 8158676: the consume path's largest compilations, 26-27 MB, set the run's peak RSS; 8 MB rather
     * than 12: 85875e5), the pattern reaching the JVM unglobbed and the JVM's echo of the command silenced; the
     * embedded broker's code and the other modes keep C2 unbounded; GOLOAD_JAVA_OPTS comes after and can lift it.
     */
    @Test
    void openloopAndMaxBoundEachC2CompilationsArenasAt8Mb() throws Exception {
        String bound = "-XX:CompileCommand=memlimit,*.*,8M";
        for (String mode : List.of("openloop", "max")) {
            List<String> a = jvmArgs(Map.of(), "-mode", mode, "-duration", "1");
            assertTrue(a.contains(bound), mode + ": " + a);
            assertTrue(a.indexOf("-XX:CompileCommand=quiet") >= 0 && a.indexOf("-XX:CompileCommand=quiet") < a.indexOf(bound),
                    mode + ": " + a);
        }
        for (String mode : List.of("cloud", "cm", "order", "app", "tenants")) {
            List<String> a = jvmArgs(Map.of(), "-mode", mode, "-duration", "1");
            assertTrue(a.stream().noneMatch(f -> f.contains("memlimit")), mode + ": " + a);
        }
        List<String> embedded = jvmArgs(Map.of(), "-mode", "max", "-embedded");
        assertTrue(embedded.stream().noneMatch(f -> f.contains("memlimit")), "the broker shares it: " + embedded);
        List<String> lifted = jvmArgs(Map.of("GOLOAD_JAVA_OPTS", "-XX:CompileCommand=memlimit,*.*,1G"), "-mode", "max");
        assertTrue(lifted.lastIndexOf("-XX:CompileCommand=memlimit,*.*,1G") > lifted.indexOf(bound), lifted.toString());
    }

    @Test
    void anEmbeddedBrokerSharesTheHeapSoTheCapAndTheBoundAreDropped() throws Exception {
        List<String> a = jvmArgs(Map.of(), "-mode", "cloud", "-embedded");
        assertTrue(a.contains("-XX:+UseG1GC"), a.toString());
        assertFalse(a.contains("-XX:MaxNewSize=32m"), a.toString());
        assertFalse(a.contains("-Xmx1g"), a.toString());
    }

    /**
     * Cloud against a broker runs on C1 alone (docs/benchmarks-history.md, 2026-12-01, 57dbfe4: C2 compiling in the
     * first seconds competed with the broker for the cores); -embedded (the broker in this JVM) and every other mode
     * keep the tiered default ("JIT and a flat resident set", 2026-12-01, 8f0c1cc: C1 only cut openloop's and max's
     * capacity, consume -45 % messages in 30 s, and higher Tier4 thresholds saved C2 time that slower code then
     * spent); GOLOAD_JAVA_OPTS still chooses, after the defaults.
     */
    @Test
    void onlyCloudAgainstABrokerRunsOnC1AndGoloadJavaOptsStillDecides() throws Exception {
        for (String mode : List.of("openloop", "max", "cm", "order", "app", "tenants")) {
            List<String> a = jvmArgs(Map.of(), "-mode", mode, "-duration", "1");
            assertTrue(a.stream().noneMatch(LauncherJvmFlagsTest::limitsTheJit), mode + ": " + a);
        }
        List<String> cloud = jvmArgs(Map.of(), "-mode", "cloud", "-duration", "1");
        assertEquals(List.of("-XX:TieredStopAtLevel=1"), cloud.stream().filter(LauncherJvmFlagsTest::limitsTheJit).toList(),
                cloud.toString());
        List<String> embedded = jvmArgs(Map.of(), "-mode", "cloud", "-embedded");
        assertTrue(embedded.stream().noneMatch(LauncherJvmFlagsTest::limitsTheJit), "the broker shares it: " + embedded);
        List<String> c2 = jvmArgs(Map.of("GOLOAD_JAVA_OPTS", "-XX:TieredStopAtLevel=4"), "-mode", "cloud");
        assertTrue(c2.lastIndexOf("-XX:TieredStopAtLevel=4") > c2.indexOf("-XX:TieredStopAtLevel=1"),
                "the JVM takes the last: " + c2);
        List<String> c1 = jvmArgs(Map.of("GOLOAD_JAVA_OPTS", "-XX:TieredStopAtLevel=1"), "-mode", "max");
        assertTrue(c1.contains("-Xmn8m"), "max's default flags, the ones GOLOAD_JAVA_OPTS must follow: " + c1);
        assertTrue(c1.indexOf("-XX:TieredStopAtLevel=1") > c1.indexOf("-Xmn8m"), c1.toString());
    }

    private static boolean limitsTheJit(String f) {
        return f.startsWith("-XX:TieredStopAtLevel") || f.startsWith("-XX:Tier4") || f.equals("-XX:-TieredCompilation")
                || f.startsWith("-XX:CICompilerCount");
    }

    @Test
    void aCollectorNamedInGoloadJavaOptsDropsTheDefaultCollectorsFlags() throws Exception {
        List<String> a = jvmArgs(Map.of("GOLOAD_JAVA_OPTS", "-XX:+UseParallelGC"), "-mode", "cloud");
        assertTrue(a.contains("-XX:+UseParallelGC"), a.toString());
        assertFalse(a.contains("-XX:+UseG1GC") || a.contains("-XX:MaxNewSize=32m"), a.toString());
    }
}
