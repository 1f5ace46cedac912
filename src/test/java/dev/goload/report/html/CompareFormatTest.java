package dev.goload.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code goload compare}'s headline table, console and HTML: one format per unit (a row never mixes {@code 99.920}
 * with {@code 159.9}), its columns aligned, and the console bytes of two fixture runs
 * ({@code src/test/resources/compare/}) against {@code golden/compare-console.txt}.
 */
class CompareFormatTest {
    private static final Path A = Path.of("src/test/resources/compare/a");
    private static final Path B = Path.of("src/test/resources/compare/b");
    /** A figure's unit as its name ends, the way a reader of the table tells them. */
    private static final List<String> SUFFIXES = List.of(" ms", " req/s", " msg/s", " cores", " MB", " s");

    @TempDir
    Path tmp;

    @Test
    void theConsoleTableOfTwoFixtureRunsIsTheGoldenOneByteForByte() throws Exception {
        assertEquals(golden("compare-console.txt"), Comparison.load(List.of(A, B)).consoleTable());
    }

    @Test
    void everyValueOfAUnitHasThatUnitsDecimalsInEveryRowAndColumn() throws Exception {
        Map<String, List<String>> rows = consoleRows(Comparison.load(List.of(A, B)).consoleTable());
        assertTrue(rows.containsKey("push p50 ms") && rows.containsKey("push max ms"), rows.keySet().toString());
        Map<String, Set<Integer>> byUnit = new LinkedHashMap<>();
        for (var e : rows.entrySet()) {
            List<String> cells = e.getValue();
            String unit = SUFFIXES.stream().filter(e.getKey()::endsWith).findFirst().orElse("count");
            // A, B and B-A in the unit's format; B vs A a percentage to one decimal
            for (String c : cells.subList(0, 3)) {
                if (!c.equals("-")) byUnit.computeIfAbsent(unit, u -> new TreeSet<>()).add(decimals(c));
            }
            String rel = cells.get(3);
            assertTrue(rel.equals("-") || rel.matches("[+-]\\d+\\.\\d%"), e.getKey() + ": " + rel);
        }
        byUnit.forEach((unit, d) -> assertEquals(1, d.size(), "one number of decimals for " + unit + ": " + d));
        assertEquals(Set.of(3), byUnit.get(" ms"));
        assertEquals(Set.of(1), byUnit.get(" req/s"));
        assertEquals(Set.of(1), byUnit.get(" msg/s"));
        assertEquals(Set.of(0), byUnit.get("count"));
        assertEquals(List.of("99.920", "11200.500", "+11100.580", "+11109.5%"), rows.get("push p99.9 ms"));
        assertEquals(List.of("159.900", "11534.336", "+11374.436", "+7113.5%"), rows.get("push max ms"));
        assertEquals(List.of("3", "-", "-", "-"), rows.get("TIME_WAIT peak"), "a figure one run has not");
    }

    @Test
    void theHtmlTableHoldsTheConsolesCells() throws Exception {
        Comparison c = Comparison.load(List.of(A, B));
        Map<String, List<String>> console = consoleRows(c.consoleTable());
        String page = Files.readString(c.page().write(tmp.resolve("c.html")));
        Map<String, List<String>> html = new LinkedHashMap<>();
        Matcher row = Pattern.compile("<tr><td>([^<]+)</td>((?:<td class=\"n\">[^<]*</td>|<td>-</td>){4})</tr>")
                .matcher(page);
        while (row.find()) {
            List<String> cells = new ArrayList<>();
            Matcher cell = Pattern.compile("<td[^>]*>([^<]*)</td>").matcher(row.group(2));
            while (cell.find()) cells.add(cell.group(1));
            html.put(row.group(1), cells);
        }
        assertEquals(console, html);
        assertTrue(page.contains("<td class=\"n\">30.002</td>") && page.contains("<td class=\"n\">36.351</td>"),
                "the runs' seconds in the seconds' format");
    }

    @Test
    void theHeadlineTableStaysAligned() throws Exception {
        String table = Comparison.load(List.of(A, B)).consoleTable();
        List<String> lines = headline(table);
        int width = lines.getFirst().length();
        for (String l : lines) assertEquals(width, l.length(), "every row as wide as the header: " + l);
        for (String l : lines) assertFalse(l.endsWith(" "), "right-aligned to the last column: " + l);
    }

    @Test
    void aUnitsDifferenceKeepsItsDecimalsAndAnExactZeroHasNoSign() {
        assertEquals("0.000", Headline.Unit.MS.signed(0));
        assertEquals("0.000", Headline.Unit.MS.signed(-0.0001), "rounds to zero: no sign");
        assertEquals("-0.001", Headline.Unit.MS.signed(-0.001));
        assertEquals("+1.500", Headline.Unit.MS.signed(1.5));
        assertEquals("0", Headline.Unit.COUNT.signed(0));
        assertEquals("+36", Headline.Unit.COUNT.signed(36));
        assertEquals("0.0", Headline.Unit.RATE.format(-0.0));
        assertEquals("-", Headline.Unit.RATE.format(Double.NaN));
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = CompareFormatTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The headline table's lines: from its header to the line before the differences. */
    private static List<String> headline(String table) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String l : table.split("\n")) {
            if (l.startsWith("figure ")) in = true;
            else if (l.startsWith("differs ") || l.startsWith("[compare]")) in = false;
            if (in) out.add(l);
        }
        return out;
    }

    /** Per figure, its cells after the name (columns are two spaces or more apart; a name has single spaces). */
    private static Map<String, List<String>> consoleRows(String table) {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        List<String> lines = headline(table);
        for (String l : lines.subList(1, lines.size())) {
            String[] c = l.split(" {2,}");
            rows.put(c[0], List.of(c).subList(1, c.length));
        }
        return rows;
    }

    private static int decimals(String number) {
        int dot = number.indexOf('.');
        return dot < 0 ? 0 : number.length() - dot - 1;
    }
}
