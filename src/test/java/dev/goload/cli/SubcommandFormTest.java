package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The subcommand form ({@code goload openloop --rate 5}) parsed by picocli, next to the untouched Go form. */
class SubcommandFormTest {
    private final ByteArrayOutputStream outBuf = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBuf = new ByteArrayOutputStream();
    private RecordingCommand openloop;
    private RecordingCommand cloud;
    private ModeRegistry registry;

    @TempDir Path dir;

    @BeforeEach
    void setUp() {
        openloop = new RecordingCommand("openloop", FlagTables.openloop());
        cloud = new RecordingCommand("cloud", FlagTables.cloud());
        registry = ModeRegistry.standard().with(openloop).with(cloud);
    }

    private int run(String... args) {
        outBuf.reset();
        errBuf.reset();
        return Main.run(args, new PrintStream(outBuf, true, StandardCharsets.UTF_8),
                new PrintStream(errBuf, true, StandardCharsets.UTF_8), registry, new FakeBrokerLauncher(), false);
    }

    private String out() { return outBuf.toString(StandardCharsets.UTF_8); }
    private String err() { return errBuf.toString(StandardCharsets.UTF_8); }

    @Test
    void helpGroupsTheFlagsByMeaningWithUnitsAndDefaultsOnStdout() {
        assertEquals(0, run("openloop", "--help"));
        String help = out();
        assertEquals("", err());
        assertTrue(help.startsWith("Usage: goload openloop [--flag[=value]...] [@argfile...]\n"), help);
        int at = -1;
        for (FlagGroup g : List.of(FlagGroup.LOAD_SHAPE, FlagGroup.TARGET, FlagGroup.CONSUMERS, FlagGroup.SEMANTICS,
                FlagGroup.OUTPUT)) {
            int next = help.indexOf("\n" + g.heading() + ":\n");
            assertTrue(next > at, g + " heading in order: " + help);
            at = next;
        }
        assertFalse(help.contains("\nOther:\n"), help);
        String flat = help.replaceAll("\\s+", " "); // rows wrap at the terminal width
        assertTrue(flat.contains(" --rate=<msg/s> total offered msg/s (required, > 0) (default: 0 msg/s) "), help);
        assertTrue(flat.contains(" --pop-timeout=<ms> long-poll timeout in ms (sent only with --pop-wait)"
                + " (default: 2000 ms) "), "references to sibling flags use --: " + help);
        assertTrue(flat.matches(".* --pop-wildcard\\[=<bool>] pop the queue [^-]*\\(default: true\\) .*"), help);
        assertTrue(help.contains("(default: \"benchq\")"), help);
        assertFalse(help.contains("--mode"), "the subcommand names the mode: " + help);
        String loadShape = help.substring(help.indexOf("Load shape:"), help.indexOf("Target and connection:"));
        assertTrue(loadShape.contains("--rate=") && loadShape.contains("--push-batch=")
                && !loadShape.contains("--pop-batch="), loadShape);
    }

    @Test
    void shortHelpAndTheHelpCommandPrintTheSameGroupedHelp() {
        assertEquals(0, run("openloop", "--help"));
        String help = out();
        assertEquals(0, run("openloop", "-h"));
        assertEquals(help, out());
        assertEquals(0, run("help", "openloop"));
        assertEquals(help, out());
        assertTrue(openloop.runs.isEmpty());
    }

    @Test
    void everyModesHelpListsEachOfItsFlagsOnceUnderAGroup() {
        for (ModeCommand mode : ModeRegistry.standard().all()) {
            assertEquals(0, run(mode.name(), "--help"), mode.name());
            String help = out();
            for (FlagDef d : mode.flags().definitions()) {
                if (d.name().equals("mode")) continue;
                String row = "\n  --" + d.name() + (d.type() == FlagType.BOOL ? "[=<bool>]" : "=<");
                int first = help.indexOf(row);
                assertTrue(first >= 0, mode.name() + " --help lacks --" + d.name() + ":\n" + help);
                assertEquals(-1, help.indexOf(row, first + 1), mode.name() + " lists --" + d.name() + " twice");
                int heading = help.lastIndexOf("\n" + d.group().heading() + ":\n", first);
                assertTrue(heading >= 0, mode.name() + " --" + d.name() + " after " + d.group().heading());
                String between = help.substring(heading + 1, first);
                for (FlagGroup other : FlagGroup.values()) {
                    assertFalse(other != d.group() && between.contains("\n" + other.heading() + ":\n"),
                            mode.name() + " --" + d.name() + " is under " + other.heading());
                }
            }
        }
    }

    @Test
    void usageTextsWithPercentSignsRenderVerbatimWithoutPicocliWarnings() {
        PrintStream original = System.err;
        ByteArrayOutputStream stray = new ByteArrayOutputStream();
        System.setErr(new PrintStream(stray, true, StandardCharsets.UTF_8));
        try {
            for (ModeCommand mode : ModeRegistry.standard().all()) assertEquals(0, run(mode.name(), "--help"));
            assertEquals(0, run("cloud", "--help"));
        } finally {
            System.setErr(original);
        }
        assertEquals("", stray.toString(StandardCharsets.UTF_8), "picocli's tracer writes format warnings here");
        assertTrue(out().contains("queue <queue>-t%04d per"), out());
    }

    @Test
    void aMisspelledFlagGetsASuggestionInTheSubcommandForm() {
        assertEquals(2, run("openloop", "--rate", "5", "--pop-bach", "3"));
        assertEquals("goload openloop: unknown flag --pop-bach\ndid you mean --pop-batch?\n"
                + "Run 'goload openloop --help' for its flags.\n", err());
        assertEquals(2, run("openloop", "-pop-bach=3"));
        assertTrue(err().startsWith("goload openloop: unknown flag -pop-bach\ndid you mean --pop-batch?\n"), err());
        assertEquals(2, run("openloop", "--zzzzzz"));
        assertEquals("goload openloop: unknown flag --zzzzzz\nRun 'goload openloop --help' for its flags.\n", err());
        assertTrue(openloop.runs.isEmpty());
    }

    @Test
    void theGoFormKeepsGosErrorAndListingAndAddsTheSuggestionAfterThem() {
        String usage = usageOf(FlagTables.openloop());
        assertEquals(2, run("-mode", "openloop", "-rate", "5", "-pop-bach", "3"));
        assertEquals("flag provided but not defined: -pop-bach\n" + usage + "did you mean -pop-batch?\n", err());
        assertEquals(2, run("-mode", "openloop", "-zzzzzz"));
        assertEquals("flag provided but not defined: -zzzzzz\n" + usage, err(), "no wild guesses");
        assertEquals(2, run("-mode", "openloop", "-rate", "x"));
        assertEquals("invalid value \"x\" for flag -rate: parse error\n" + usage, err(), "other errors unchanged");
    }

    private static String usageOf(FlagTable t) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        t.printUsage(new PrintStream(b, true, StandardCharsets.UTF_8));
        return b.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aMisspelledModeGetsASuggestion() {
        assertEquals(2, run("-mode", "openlop"));
        assertEquals("goload: unknown -mode \"openlop\" (want: max | app | openloop | cm | cloud | provision | order)\n"
                + "did you mean openloop?\n", err());
    }

    @Test
    void argfilesExpandInTheSubcommandForm() throws Exception {
        Path args = dir.resolve("soak.args");
        Files.writeString(args, "# the soak's shape\n--rate 600000 --push-batch=100\n\"--note=a b\"\n");
        assertEquals(0, run("cloud", "--target", "broker", "@" + args, "--push-batch", "50"));
        ParsedFlags f = cloud.last();
        assertEquals(600000, f.getLong("rate"));
        assertEquals(50, f.getLong("push-batch"), "later arguments still win");
        assertEquals("a b", f.getString("note"));
        assertEquals(0, run("cloud", "--target", "broker", "--rate", "5", "--note", "@@" + args));
        assertEquals("@" + args, cloud.last().getString("note"), "@@ escapes a literal @");
        assertEquals(2, run("openloop", "@" + dir.resolve("missing.args")));
        assertTrue(err().startsWith("goload openloop: cannot read argument file \""), err());
    }

    @Test
    void theGoFormGivesAnAtArgumentItsGoMeaning() throws Exception {
        Path args = dir.resolve("a.args");
        Files.writeString(args, "-rate 7\n");
        assertEquals(0, run("-mode", "cloud", "-rate", "5", "-note", "@" + args));
        assertEquals("@" + args, cloud.last().getString("note"), "a string value, not a file");
        assertEquals(0, run("-mode", "openloop", "-rate", "5", "@" + args));
        assertEquals(5, openloop.last().getLong("rate"));
        assertEquals(List.of("@" + args), openloop.last().positional(), "where Go stops parsing");
    }

    @Test
    void versionInBothPlacesButTheGoFormStillRejectsIt() {
        assertEquals(0, run("openloop", "--version"));
        assertTrue(out().matches("goload \\S+\n"), out());
        String version = out();
        assertEquals(0, run("--version"));
        assertEquals(version, out());
        assertEquals(2, run("-mode", "openloop", "--version"));
        assertTrue(err().startsWith("flag provided but not defined: -version\n"), err());
    }

    @Test
    void valuesFollowGoRulesInEitherSpelling() {
        assertEquals(0, run("openloop", "-rate", "5", "--rate=7", "--pop-wait", "--e2e=false", "--manual-ack", "true",
                "--max-inflight", "0x10"));
        ParsedFlags f = openloop.last();
        assertEquals(7, f.getLong("rate"), "last occurrence wins");
        assertTrue(f.getBool("pop-wait"));
        assertFalse(f.getBool("e2e"));
        assertTrue(f.getBool("manual-ack"));
        assertEquals(16, f.getLong("max-inflight"), "Go's strconv.ParseInt base 0");
        assertTrue(f.isSet("rate") && f.isSet("mode") && !f.isSet("payload"));
        assertEquals(List.of(), f.positional());
    }

    @Test
    void badCommandLinesExit2WithoutRunning() {
        assertEquals(2, run("openloop", "--rate", "abc"));
        assertEquals("goload openloop: invalid value \"abc\" for --rate: parse error\n"
                + "Run 'goload openloop --help' for its flags.\n", err());
        assertEquals(2, run("openloop", "--pop-wait=maybe", "--rate", "5"));
        assertTrue(err().startsWith("goload openloop: invalid boolean value \"maybe\" for --pop-wait: parse error\n"),
                err());
        assertEquals(2, run("openloop", "--rate", "5", "extra"));
        assertTrue(err().startsWith("goload openloop: unexpected argument \"extra\""), err());
        assertEquals(2, run("openloop", "--rate"));
        assertTrue(err().startsWith("goload openloop: flag needs an argument: --rate\n"), err());
        assertTrue(openloop.runs.isEmpty());
    }

    @Test
    void validationMessagesAndExitCodesAreTheGoForms() {
        List<List<String>> cases = List.of(
                List.of("openloop"),
                List.of("openloop", "-rate", "5", "-push-batch", "0"),
                List.of("openloop", "-rate", "5", "-arrival", "burst"),
                List.of("openloop", "-rate", "5", "-ramp-sec", "-1"),
                List.of("cloud", "-target", "x", "-rate", "5"),
                List.of("cloud"),
                List.of("provision", "-tenants", "0"),
                List.of("cm"),
                List.of("max", "-partitions", "0"),
                List.of("app", "-sessions", "0"));
        for (List<String> c : cases) {
            String mode = c.getFirst();
            List<String> flags = c.subList(1, c.size());
            String[] go = java.util.stream.Stream.concat(java.util.stream.Stream.of("-mode", mode), flags.stream())
                    .toArray(String[]::new);
            String[] sub = java.util.stream.Stream.concat(java.util.stream.Stream.of(mode),
                    flags.stream().map(a -> a.matches("-[a-z].*") ? "-" + a : a)).toArray(String[]::new);
            int goCode = run(go);
            String goErr = err();
            assertEquals(2, goCode, c.toString());
            assertEquals(goCode, run(sub), c.toString());
            assertEquals(goErr, err(), c.toString());
        }
    }

    @Test
    void embeddedWorksInTheSubcommandForm() {
        FakeBrokerLauncher launcher = new FakeBrokerLauncher();
        int code = Main.run(new String[] {"openloop", "--rate", "5", "--embedded"},
                new PrintStream(outBuf, true, StandardCharsets.UTF_8),
                new PrintStream(errBuf, true, StandardCharsets.UTF_8), registry, launcher, false);
        assertEquals(0, code);
        assertEquals("http://127.0.0.1:45678", openloop.last().getString("url"));
        assertEquals(1, launcher.closes.get());
    }
}
