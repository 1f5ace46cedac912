package dev.goload.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.launcher.LauncherSandbox.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The container image's launcher without Docker: the Dockerfile's COPY lines laid out in a temporary root (its jar
 * {@link AotProbe}, its runtime this test's JDK), the caches trained as the image build trains them, the tree made
 * read-only, then runs as a pod would (the Dockerfile's ENV GOLOAD_AOT=map): they map the caches, train nothing and
 * write nothing; a cache that does not fit is a warning and a run without it, still writing nothing.
 */
class LauncherReadOnlyImageTest {
    private static final Path REPO = Path.of("").toAbsolutePath();
    @TempDir Path tmp;
    private Path opt;

    /** The Dockerfile's COPY lines (sources..., destination) under {@code root}, with the built pieces stood in for. */
    private Path layOut(Path root) throws IOException {
        Path sandboxRoot = tmp.resolve("probe");
        Path probeJar = new LauncherSandbox(sandboxRoot).jar();
        Map<String, Path> standIns = Map.of("target/goload.jar", probeJar);
        int copies = 0;
        for (String line : Files.readAllLines(REPO.resolve("Dockerfile"))) {
            if (!line.startsWith("COPY ")) continue;
            String[] w = line.trim().split("\\s+");
            String dest = w[w.length - 1];
            for (int i = 1; i < w.length - 1; i++) {
                if (w[i].equals("target/runtime")) {
                    // the runtime: this JDK, linked (a copy would be 300 MB); a pod's JAVA_HOME points at it
                    Files.createDirectories(root.resolve(dest.substring(1)).getParent());
                    Files.createSymbolicLink(root.resolve(dest.substring(1)), Path.of(System.getProperty("java.home")));
                    copies++;
                    continue;
                }
                Path src = standIns.getOrDefault(w[i], REPO.resolve(w[i]));
                Path to = dest.endsWith("/") ? root.resolve(dest.substring(1)).resolve(Path.of(w[i]).getFileName())
                        : root.resolve(dest.substring(1));
                Files.createDirectories(to.getParent());
                Files.copy(src, to, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                copies++;
            }
        }
        assertEquals(5, copies, "the Dockerfile's COPY lines: runtime, launcher, its two libraries, jar");
        return root.resolve("opt/goload");
    }

    private Run launcher(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", opt.resolve("scripts/goload").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile());
        pb.environment().remove("GOLOAD_AOT");
        pb.environment().remove("GOLOAD_JAVA_OPTS");
        pb.environment().put("JAVA_HOME", opt.resolve("runtime").toString());
        pb.environment().putAll(env);
        Path out = tmp.resolve("out.txt");
        Path err = tmp.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "timed out: " + cmd);
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** Every file and directory of the tree (the runtime link not followed) with its size and modification time. */
    private Map<String, String> snapshot() throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(opt)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                m.put(opt.relativize(p).toString(), Files.isSymbolicLink(p) ? "link"
                        : Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis());
            }
        }
        return m;
    }

    private void readOnly(boolean on) throws IOException {
        try (Stream<Path> s = Files.walk(opt)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (Files.isSymbolicLink(p)) continue;
                Set<PosixFilePermission> perms = EnumSet.copyOf(Files.getPosixFilePermissions(p));
                if (on) perms.removeAll(Set.of(PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_WRITE,
                        PosixFilePermission.OTHERS_WRITE));
                else perms.add(PosixFilePermission.OWNER_WRITE);
                Files.setPosixFilePermissions(p, perms);
            }
        }
    }

    @AfterEach
    void writable() throws IOException {
        if (opt != null && Files.exists(opt)) readOnly(false); // so that @TempDir can delete it
    }

    @Test
    void aPodMapsTheCachesTrainedAtBuildTimeFromAReadOnlyTreeTrainingAndWritingNothing() throws Exception {
        opt = layOut(tmp.resolve("image"));
        assertFalse(Files.exists(opt.resolve("pom.xml")), "the image has no sources");
        // the image build's RUN step: `goload version` trains both caches
        Path trainLog = tmp.resolve("train.log");
        Run build = launcher(Map.of("AOT_PROBE_TRAIN_LOG", trainLog.toString()), "version");
        assertEquals(0, build.exit(), build.err());
        assertEquals(2, Files.readAllLines(trainLog).size(), "both caches trained at build time: " + build.err());
        assertTrue(Files.size(opt.resolve("target/goload.aot")) > 0);
        assertTrue(Files.size(opt.resolve("target/goload-load.aot")) > 0);
        Files.delete(trainLog);
        try (Stream<Path> s = Files.list(opt.resolve("target"))) {
            for (Path p : s.filter(p -> p.toString().endsWith(".log") || p.toString().endsWith(".lock")).toList()) {
                Files.delete(p); // the Dockerfile's rm -f
            }
        }
        readOnly(true);
        Map<String, String> before = snapshot();

        Map<String, String> pod = Map.of("GOLOAD_AOT", "map", "AOT_PROBE_TRAIN_LOG", trainLog.toString());
        Run cloud = launcher(pod, "-mode", "cloud", "-tenants", "4");
        assertEquals(0, cloud.exit(), cloud.err());
        assertEquals("probe ran -mode cloud -tenants 4 aot=-XX:AOTCache=" + opt.resolve("target/goload.aot") + "\n",
                cloud.out());
        Run load = launcher(pod, "-mode", "openloop");
        assertEquals("probe ran -mode openloop aot=-XX:AOTCache=" + opt.resolve("target/goload-load.aot") + "\n",
                load.out(), load.err());
        Run version = launcher(pod, "version");
        assertEquals(0, version.exit(), version.err());
        Run merge = launcher(pod, "merge", "a.json");
        assertEquals("probe ran merge a.json aot=none\n", merge.out(), "the merge pod maps nothing: " + merge.err());
        for (Run r : List.of(cloud, load, version, merge)) {
            assertFalse(r.err().contains("training"), r.err());
            assertFalse(r.err().contains("WARNING"), r.err());
        }
        assertFalse(Files.exists(trainLog), "nothing trained");
        assertEquals(before, snapshot(), "nothing written in the image's tree");
    }

    @Test
    void aCacheThatDoesNotFitIsAWarningAndARunWithoutItStillTrainingAndWritingNothing() throws Exception {
        opt = layOut(tmp.resolve("image"));
        readOnly(true); // no cache trained: an image built without its RUN step, or a jar swapped in after it
        Map<String, String> before = snapshot();
        Path trainLog = tmp.resolve("train.log");
        Run r = launcher(Map.of("GOLOAD_AOT", "map", "AOT_PROBE_TRAIN_LOG", trainLog.toString()), "-mode", "cloud");
        assertEquals(0, r.exit(), r.err());
        assertEquals("probe ran -mode cloud aot=none\n", r.out());
        assertTrue(r.err().contains("goload: no AOT cache trained for this jar and JVM at " + opt.resolve("target/goload.aot")
                + " (GOLOAD_AOT=map never trains); running without it"), r.err());
        assertFalse(Files.exists(trainLog), "nothing trained");
        assertEquals(before, snapshot(), "nothing written in the image's tree");
    }
}
