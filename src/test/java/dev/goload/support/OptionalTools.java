package dev.goload.support;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The tools some tests need beyond what the README's Quick start lists (a JDK 25 and Maven), from
 * {@code src/test/resources/optional-tools.tsv}. A test asks for its tools with {@link #require}; a missing one
 * skips the test with one line saying what is missing, what it runs and how to install it:
 *
 * <pre>SKIPPED: needs shellcheck, not found on PATH (it runs the shell scripts' lint: LauncherAotTest,
 * CellScriptsTest); install it with apt-get install shellcheck</pre>
 *
 * <p>Under {@code CI=true} the same line FAILS the test: {@code .ci/run} installs every tool in the table, and a CI
 * suite that silently skips proves nothing. {@code scripts/test} lists the skipped tests and their lines at the end.
 * Test-only.
 */
public final class OptionalTools {
    /** One row of the table. */
    public record Tool(String name, String debianPackage, String runs) {}

    /** Where a tool was looked for and not found, or the paths of those found. */
    public record Lookup(Map<String, Path> found, Optional<String> missingLine) {}

    private static final Map<String, Tool> TABLE = load();

    private OptionalTools() {}

    /** The table, in file order. */
    public static List<Tool> table() {
        return List.copyOf(TABLE.values());
    }

    /**
     * The paths of {@code tools}, each looked up on {@code PATH} (and where the table's package puts it off
     * {@code PATH}); when any is missing, skips the calling test, or fails it under {@code CI=true}.
     */
    public static Map<String, Path> require(String... tools) {
        Lookup l = lookup(System.getenv(), List.of(tools));
        l.missingLine().ifPresent(line -> skipOrFail(System.getenv(), line));
        return l.found();
    }

    /** The path of one tool, after {@link #require}. */
    public static Path path(String tool) {
        return require(tool).get(tool);
    }

    /**
     * An environment variable a test needs (a running server's URL, say): missing or blank skips the test with
     * {@code needs VAR, not set (how)}, or fails it under {@code CI=true}; otherwise returns its value.
     */
    public static String requireEnv(String variable, String how) {
        String v = System.getenv(variable);
        if (v == null || v.isBlank()) skipOrFail(System.getenv(), "needs " + variable + ", not set (" + how + ")");
        return v;
    }

    /** The lookup itself, on a given environment: pure, so it is tested with made-up ones. */
    public static Lookup lookup(Map<String, String> env, List<String> tools) {
        Map<String, Path> found = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (String name : tools) {
            Tool t = TABLE.get(name);
            if (t == null) {
                throw new IllegalArgumentException(name + " is not in optional-tools.tsv: add it there (and to the"
                        + " README's Quick start) before a test may need it");
            }
            Optional<Path> p = find(env, name);
            if (p.isPresent()) {
                found.put(name, p.get());
            } else {
                missing.add(name + ", not found on PATH (it runs " + t.runs() + "); install it with apt-get install "
                        + t.debianPackage());
            }
        }
        return new Lookup(Map.copyOf(found),
                missing.isEmpty() ? Optional.empty() : Optional.of("needs " + String.join("; and ", missing)));
    }

    /** Skips (prints {@code SKIPPED: line} to stderr) or, under {@code CI=true}, fails with the line. */
    public static void skipOrFail(Map<String, String> env, String line) {
        if ("true".equalsIgnoreCase(env.getOrDefault("CI", ""))) {
            fail(line + " -- under CI=true this test must run, not skip (.ci/run installs it)");
        }
        System.err.println("SKIPPED: " + line);
        Assumptions.abort(line);
    }

    private static Optional<Path> find(Map<String, String> env, String name) {
        List<String> names = name.equals("chromium") ? List.of("chromium", "chromium-browser") : List.of(name);
        for (String dir : env.getOrDefault("PATH", "").split(":")) {
            if (dir.isEmpty()) continue;
            for (String n : names) {
                Path p = Path.of(dir, n);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) return Optional.of(p);
            }
        }
        // Debian's postgresql package puts the server binaries off PATH (scripts/lib/pg.sh looks there too)
        if (name.equals("initdb")) return newestPostgresBin(env);
        return Optional.empty();
    }

    private static Optional<Path> newestPostgresBin(Map<String, String> env) {
        for (String var : List.of("PG_BIN", "PG_BINDIR")) {
            String d = env.get(var);
            if (d != null && !d.isEmpty() && Files.isExecutable(Path.of(d, "initdb"))) {
                return Optional.of(Path.of(d, "initdb"));
            }
        }
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) return Optional.empty();
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(v -> v.resolve("bin/initdb")).filter(Files::isExecutable)
                    .max((a, b) -> compareVersions(a.getParent().getParent().getFileName().toString(),
                            b.getParent().getParent().getFileName().toString()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** 16 after 9.6: numeric, part by part. */
    static int compareVersions(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int c = Long.compare(part(x, i), part(y, i));
            if (c != 0) return c;
        }
        return 0;
    }

    private static long part(String[] parts, int i) {
        if (i >= parts.length) return -1;
        try {
            return Long.parseLong(parts[i]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static Map<String, Tool> load() {
        try (InputStream in = OptionalTools.class.getResourceAsStream("/optional-tools.tsv")) {
            if (in == null) throw new IllegalStateException("optional-tools.tsv is not on the test class path");
            Map<String, Tool> m = new LinkedHashMap<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split("\t");
                if (f.length != 3) throw new IllegalStateException("optional-tools.tsv: not 3 tab-separated fields: " + line);
                m.put(f[0], new Tool(f[0], f[1], f[2]));
            }
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
