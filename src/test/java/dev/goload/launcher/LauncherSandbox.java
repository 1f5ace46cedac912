package dev.goload.launcher;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A copy of scripts/goload (with the libraries it sources) in a temporary root whose target/goload.jar is
 * {@link AotProbe}, so launcher tests run the real script and see what reached the JVM.
 */
final class LauncherSandbox {
    private static final Path REPO = Path.of("").toAbsolutePath();

    record Run(int exit, String out, String err) {}

    private final Path root;

    LauncherSandbox(Path root) throws IOException {
        this.root = root;
        Files.createDirectories(root.resolve("scripts/lib"));
        for (String s : List.of("scripts/goload", "scripts/lib/jdk.sh", "scripts/lib/aot.sh")) {
            Files.copy(REPO.resolve(s), root.resolve(s));
        }
        Files.createDirectories(root.resolve("target"));
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, AotProbe.class.getName());
        String entry = AotProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream o = Files.newOutputStream(jar()); JarOutputStream j = new JarOutputStream(o, mf)) {
            j.putNextEntry(new JarEntry(entry));
            try (var in = AotProbe.class.getClassLoader().getResourceAsStream(entry)) {
                in.transferTo(j);
            }
            j.closeEntry();
        }
    }

    Path jar() {
        return root.resolve("target/goload.jar");
    }

    /** The cache of every mode but openloop and max against a broker. */
    Path cache() {
        return root.resolve("target/goload.aot");
    }

    /** The cache of openloop and max against a broker (their paths only). */
    Path loadCache() {
        return root.resolve("target/goload-load.aot");
    }

    /** Runs the launcher copy with ARGS, GOLOAD_AOT and GOLOAD_JAVA_OPTS unset unless ENV names them. */
    Run goload(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("scripts/goload").toString()));
        cmd.addAll(List.of(args));
        return run(cmd, env);
    }

    /**
     * The launcher copy as a script's background job ({@code goload ... &} in a non-interactive shell, which starts
     * it with SIGINT and SIGQUIT ignored), waited for.
     */
    Run goloadInBackground(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", "\"$@\" & wait $!", "sh", "bash",
                root.resolve("scripts/goload").toString()));
        cmd.addAll(List.of(args));
        return run(cmd, env);
    }

    private Run run(List<String> cmd, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("GOLOAD_AOT");
        pb.environment().remove("GOLOAD_JAVA_OPTS");
        pb.environment().putAll(env);
        Path out = Files.createTempFile(root, "out", ".txt");
        Path err = Files.createTempFile(root, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("timed out: " + cmd);
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
