package dev.goload.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering rules of the README's architecture section, checked on the product's sources under
 * {@code src/main/java}, its tests under {@code src/test/java} and the bench tree under {@code src/bench} (comments
 * stripped, so prose may name what code may not use):
 * <ul>
 *   <li>{@code modes/**} (engines) never print and never render: no {@code dev.goload.report}, no
 *       {@code PrintStream}, no {@code System.out}/{@code System.err};</li>
 *   <li>{@code metrics/**} knows nothing of the client ({@code dev.goload.client});</li>
 *   <li>{@code verify/**} never prints (no {@code PrintStream});</li>
 *   <li>the product and its tests know nothing of the bench ({@code dev.goload.bench}, which ships in
 *       {@code target/goload-bench.jar}, not in {@code target/goload.jar}); the bench may use the product;</li>
 *   <li>the bench ({@code src/bench/java}) knows nothing of the command line ({@code dev.goload.cli}).</li>
 * </ul>
 * Files that still break a rule are listed in {@code src/test/resources/layering-allow.txt}, one path per line
 * (relative to its source root); their owners delete their lines as they fix them. A listed file that no longer
 * breaks a rule fails this test too, so the list only shrinks.
 */
class LayeringTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final Path TESTS = Path.of("src/test/java");
    private static final Path BENCH = Path.of("src/bench/java");
    private static final Path BENCH_TESTS = Path.of("src/bench/test/java");

    /** {@code under}: a path prefix inside the root ("" for all of it). */
    private record Rule(Path root, String under, String what, Pattern forbidden) {}

    private static final Pattern THE_BENCH = Pattern.compile("\\bdev\\.goload\\.bench\\b");
    /** The bench's package in two pieces: this file is checked by its own rule. */
    private static final String BENCH_PACKAGE = "dev.goload." + "bench";

    private static final List<Rule> RULES = List.of(
            new Rule(SOURCES, "dev/goload/modes/", "imports report", Pattern.compile("\\bdev\\.goload\\.report\\b")),
            new Rule(SOURCES, "dev/goload/modes/", "prints", Pattern.compile("\\bPrintStream\\b|\\bSystem\\.(out|err)\\b")),
            new Rule(SOURCES, "dev/goload/metrics/", "imports client", Pattern.compile("\\bdev\\.goload\\.client\\b")),
            new Rule(SOURCES, "dev/goload/verify/", "prints", Pattern.compile("\\bPrintStream\\b")),
            new Rule(SOURCES, "", "uses the bench", THE_BENCH),
            new Rule(TESTS, "", "uses the bench", THE_BENCH),
            new Rule(BENCH, "", "imports cli", Pattern.compile("\\bdev\\.goload\\.cli\\b")));

    @Test
    void everyViolationIsAllowListedAndEveryAllowListedFileStillViolates() throws IOException {
        TreeMap<String, List<String>> violations = violations();
        Set<String> allowed = allowList();
        List<String> unlisted = new ArrayList<>();
        violations.forEach((file, why) -> {
            if (!allowed.contains(file)) unlisted.add(file + " (" + String.join(", ", why) + ")");
        });
        assertEquals(List.of(), unlisted, "layering violations (README \"Architecture\"): fix them; do not list them");
        Set<String> fixed = new TreeSet<>(allowed);
        fixed.removeAll(violations.keySet());
        assertEquals(Set.of(), fixed, "these files keep the rules now: delete their lines from layering-allow.txt");
    }

    @Test
    void theRulesCatchWhatTheyForbidAndIgnoreComments() {
        assertEquals(List.of("prints"), broken(SOURCES, "dev/goload/modes/X.java", "class X { void f() { System.out.println(); } }"));
        assertEquals(List.of("imports report"), broken(SOURCES, "dev/goload/modes/x/Y.java", "import dev.goload.report.GoFmt;"));
        assertEquals(List.of("imports client"), broken(SOURCES, "dev/goload/metrics/Z.java", "import dev.goload.client.ErrorKind;"));
        assertEquals(List.of("imports cli"), broken(BENCH, "dev/goload/bench/B.java", "import dev.goload.cli.ExitCodes;"));
        assertEquals(List.of("prints"), broken(SOURCES, "dev/goload/verify/V.java", "void f(java.io.PrintStream out) {}"));
        assertEquals(List.of(), broken(SOURCES, "dev/goload/modes/X.java", "/** never System.out */ // nor PrintStream\nclass X {}"));
        assertEquals(List.of(), broken(SOURCES, "dev/goload/report/R.java", "class R { java.io.PrintStream out; }"));
        assertEquals(List.of("uses the bench"), broken(SOURCES, "dev/goload/cli/C.java", "import " + BENCH_PACKAGE + ".PushFloor;"));
        assertEquals(List.of("uses the bench"), broken(SOURCES, "dev/goload/bench/B.java", "package " + BENCH_PACKAGE + ";"));
        assertEquals(List.of("uses the bench"), broken(TESTS, "dev/goload/cli/CTest.java", BENCH_PACKAGE + ".BenchSummary.main(a);"));
        assertEquals(List.of(), broken(BENCH, "dev/goload/bench/B.java", "import dev.goload.client.QueenClient;"),
                "the bench may use the product");
        assertEquals(List.of(), broken(BENCH_TESTS, "dev/goload/bench/BTest.java", "import dev.goload.cli.ExitCodes;"));
    }

    @Test
    void theBenchTreeIsWhereTheBenchLivesAndTheProductHasNoBenchPackage() throws IOException {
        assertTrue(Files.isRegularFile(BENCH.resolve("dev/goload/bench/BenchSummary.java")), "run from the project directory");
        assertTrue(Files.isRegularFile(BENCH_TESTS.resolve("dev/goload/bench/BenchSummaryTest.java")));
        assertEquals(List.of(), javaFiles(SOURCES.resolve("dev/goload/bench")), "the product ships no bench package");
        assertEquals(List.of(), javaFiles(TESTS.resolve("dev/goload/bench")), "the bench's tests live in src/bench/test/java");
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).toList();
        }
    }

    /** Per file that breaks a rule, its path (the root's, then inside it for src/main/java) and the rules. */
    private static TreeMap<String, List<String>> violations() throws IOException {
        TreeMap<String, List<String>> out = new TreeMap<>();
        for (Path root : List.of(SOURCES, TESTS, BENCH)) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String rel = root.relativize(p).toString().replace('\\', '/');
                    List<String> why = broken(root, rel, Files.readString(p, StandardCharsets.UTF_8));
                    if (!why.isEmpty()) out.put(root.equals(SOURCES) ? rel : root + "/" + rel, why);
                }
            }
        }
        assertTrue(out.size() < 1000 && Files.isDirectory(SOURCES.resolve("dev/goload/modes")),
                "run from the project directory");
        return out;
    }

    private static List<String> broken(Path root, String rel, String source) {
        String code = stripComments(source);
        return RULES.stream()
                .filter(r -> r.root().equals(root) && rel.startsWith(r.under()) && r.forbidden().matcher(code).find())
                .map(Rule::what).toList();
    }

    /** The source without its comments (string literals holding comment markers are rare enough here). */
    static String stripComments(String s) {
        return s.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
    }

    private static Set<String> allowList() throws IOException {
        try (InputStream in = LayeringTest.class.getResourceAsStream("/layering-allow.txt")) {
            if (in == null) return Set.of();
            Set<String> s = new TreeSet<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                String t = line.strip();
                if (!t.isEmpty() && !t.startsWith("#")) s.add(t);
            }
            return s;
        }
    }
}
