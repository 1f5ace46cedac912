package dev.goload.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cheap logic of the jlink'd runtime, without jlink: scripts/runtime's module list (scripts/lib/runtime.sh: what
 * jdeps found plus scripts/runtime-modules.extra) and the launcher's JDK search taking a runtime without javac to run
 * on, never to build with (scripts/lib/jdk.sh). {@link RuntimeImageTest} builds a real runtime and runs goload on it.
 */
class RuntimeModulesTest {
    private static final Path REPO = Path.of("").toAbsolutePath();
    @TempDir Path tmp;

    record Sh(int exit, String out, String err) {}

    private Sh bash(Map<String, String> env, String script, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", script, "test"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(REPO.toFile());
        pb.environment().remove("JAVA_HOME");
        pb.environment().putAll(env);
        Path out = tmp.resolve("out.txt");
        Path err = tmp.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + script);
        return new Sh(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private Sh modules(String found, String extra) throws Exception {
        Path f = tmp.resolve("extra");
        Files.writeString(f, extra);
        return bash(Map.of(), ". scripts/lib/runtime.sh && goload_runtime_modules \"$1\" \"$2\"", found, f.toString());
    }

    @Test
    void theListIsWhatJdepsFoundThenTheExtrasEachOnceWithoutComments() throws Exception {
        Sh r = modules("java.base,java.sql,jdk.httpserver",
                "# why each is here\n\njdk.crypto.cryptoki   reason words\njava.sql  also found by jdeps\n"
                        + "   # an indented comment\njdk.jfr # trailing comment\n");
        assertEquals(0, r.exit(), r.err());
        assertEquals("java.base,java.sql,jdk.httpserver,jdk.crypto.cryptoki,jdk.jfr\n", r.out());
    }

    @Test
    void aMissingExtrasFileAddsNothingAndAnEmptyListOrABadNameFails() throws Exception {
        Sh none = bash(Map.of(), ". scripts/lib/runtime.sh && goload_runtime_modules java.base,java.sql /nonexistent");
        assertEquals("java.base,java.sql\n", none.out(), none.err());
        Sh empty = modules("", "# nothing\n");
        assertEquals(2, empty.exit());
        assertTrue(empty.err().contains("no modules"), empty.err());
        Sh bad = modules("java.base", "jdk.httpserver,jdk.jfr  two on a line\n");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("'jdk.httpserver,jdk.jfr' is not a module name"), bad.err());
    }

    @Test
    void theCommittedExtrasFileParses() throws Exception {
        Sh r = bash(Map.of(), ". scripts/lib/runtime.sh && goload_runtime_modules java.base scripts/runtime-modules.extra");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("java.base"), r.out());
    }

    /** A Java runtime with bin/java and a release file but no javac, as jlink makes one. */
    private Path fakeRuntime(String version) throws Exception {
        Path home = tmp.resolve("runtime-" + version);
        Files.createDirectories(home.resolve("bin"));
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + ".0.3\"\nMODULES=\"java.base\"\n",
                StandardCharsets.UTF_8);
        return home;
    }

    private static final String FIND = ". scripts/lib/jdk.sh && goload_find_jdk \"$@\" && echo \"$JAVA_HOME\"";

    @Test
    void aRuntimeWithoutJavacRunsGoloadAndIsNeverTakenToBuild() throws Exception {
        Path rt = fakeRuntime("25");
        Sh run = bash(Map.of("JAVA_HOME", rt.toString()), FIND, "runtime");
        assertEquals(0, run.exit(), run.err());
        assertEquals(rt + "\n", run.out(), "a Java 25 runtime is enough to run: " + run.err());

        Sh build = bash(Map.of("JAVA_HOME", rt.toString()), FIND, "jdk");
        assertNotEquals(rt + "\n", build.out(), "building needs javac");
        if (build.exit() == 0) {
            assertTrue(build.err().contains("is a Java runtime without a compiler; building with"), build.err());
        } else {
            assertTrue(build.err().contains("(with javac, to build)"), build.err());
        }
    }

    @Test
    void aRelativeJavaHomeIsMadeAbsoluteAndAnOldRuntimeIsRefused() throws Exception {
        Path rt = fakeRuntime("25");
        Sh rel = bash(Map.of("JAVA_HOME", REPO.relativize(rt).toString()), FIND, "runtime");
        assertEquals(rt + "\n", rel.out(), rel.err());

        Path old = fakeRuntime("21");
        Sh r = bash(Map.of("JAVA_HOME", old.toString()), FIND, "runtime");
        assertNotEquals(old + "\n", r.out(), "a Java 21 runtime is refused: " + r.err());
        assertTrue(r.err().contains(old + " is not a JDK 25+") || r.err().contains("needs a Java 25 or newer"),
                r.err());
    }
}
