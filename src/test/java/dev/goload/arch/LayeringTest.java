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
 * The layering rules of the README's architecture section, checked on the sources under {@code src/main/java}
 * (comments stripped, so prose may name what code may not use):
 * <ul>
 *   <li>{@code modes/**} (engines) never print and never render: no {@code dev.goload.report}, no
 *       {@code PrintStream}, no {@code System.out}/{@code System.err};</li>
 *   <li>{@code metrics/**} knows nothing of the client ({@code dev.goload.client});</li>
 *   <li>{@code bench/**} knows nothing of the command line ({@code dev.goload.cli});</li>
 *   <li>{@code verify/**} never prints (no {@code PrintStream}).</li>
 * </ul>
 * Files that still break a rule are listed in {@code src/test/resources/layering-allow.txt}, one path per line;
 * their owners delete their lines as they fix them. A listed file that no longer breaks a rule fails this test too,
 * so the list only shrinks.
 */
class LayeringTest {
    private static final Path SOURCES = Path.of("src/main/java");

    private record Rule(String under, String what, Pattern forbidden) {}

    private static final List<Rule> RULES = List.of(
            new Rule("dev/goload/modes/", "imports report", Pattern.compile("\\bdev\\.goload\\.report\\b")),
            new Rule("dev/goload/modes/", "prints", Pattern.compile("\\bPrintStream\\b|\\bSystem\\.(out|err)\\b")),
            new Rule("dev/goload/metrics/", "imports client", Pattern.compile("\\bdev\\.goload\\.client\\b")),
            new Rule("dev/goload/bench/", "imports cli", Pattern.compile("\\bdev\\.goload\\.cli\\b")),
            new Rule("dev/goload/verify/", "prints", Pattern.compile("\\bPrintStream\\b")));

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
        assertEquals(List.of("prints"), broken("dev/goload/modes/X.java", "class X { void f() { System.out.println(); } }"));
        assertEquals(List.of("imports report"), broken("dev/goload/modes/x/Y.java", "import dev.goload.report.GoFmt;"));
        assertEquals(List.of("imports client"), broken("dev/goload/metrics/Z.java", "import dev.goload.client.ErrorKind;"));
        assertEquals(List.of("imports cli"), broken("dev/goload/bench/B.java", "import dev.goload.cli.ExitCodes;"));
        assertEquals(List.of("prints"), broken("dev/goload/verify/V.java", "void f(java.io.PrintStream out) {}"));
        assertEquals(List.of(), broken("dev/goload/modes/X.java", "/** never System.out */ // nor PrintStream\nclass X {}"));
        assertEquals(List.of(), broken("dev/goload/report/R.java", "class R { java.io.PrintStream out; }"));
    }

    private static TreeMap<String, List<String>> violations() throws IOException {
        TreeMap<String, List<String>> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String rel = SOURCES.relativize(p).toString().replace('\\', '/');
                List<String> why = broken(rel, Files.readString(p, StandardCharsets.UTF_8));
                if (!why.isEmpty()) out.put(rel, why);
            }
        }
        assertTrue(out.size() < 1000 && Files.isDirectory(SOURCES.resolve("dev/goload/modes")),
                "run from the project directory");
        return out;
    }

    private static List<String> broken(String rel, String source) {
        String code = stripComments(source);
        return RULES.stream().filter(r -> rel.startsWith(r.under()) && r.forbidden().matcher(code).find())
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
