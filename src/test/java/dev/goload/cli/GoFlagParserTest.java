package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoFlagParserTest {

    private static FlagTable table() {
        return new FlagTable("goload -mode t")
                .intFlag("rate", 0, "total offered msg/s")
                .int64("big", 7, "an int64")
                .bool("f", false, "a one-letter bool")
                .bool("pop-wait", true, "long-poll")
                .string("queue", "benchq", "queue name")
                .float64("skew", 1.1, "zipf")
                .duration("burst-every", Duration.ofMinutes(30), "burst period");
    }

    private static ParsedFlags parse(String... args) throws Exception {
        return GoFlagParser.parse(table(), args);
    }

    private static String error(String... args) {
        return assertThrows(FlagParseException.class, () -> GoFlagParser.parse(table(), args)).getMessage();
    }

    @Test
    void acceptsOneOrTwoDashesSpaceOrEquals() throws Exception {
        assertEquals(5, parse("-rate", "5").getLong("rate"));
        assertEquals(6, parse("--rate", "6").getLong("rate"));
        assertEquals(7, parse("-rate=7").getLong("rate"));
        assertEquals(8, parse("--rate=8").getLong("rate"));
        assertEquals("a=b", parse("-queue=a=b").getString("queue"), "only the first '=' splits");
        assertEquals("", parse("-queue=").getString("queue"));
        assertEquals("-x", parse("-queue", "-x").getString("queue"), "a value may start with a dash");
    }

    @Test
    void defaultsApplyAndIsSetTracksExplicitFlags() throws Exception {
        ParsedFlags f = parse("-rate", "0");
        assertEquals("benchq", f.getString("queue"));
        assertEquals(7, f.getLong("big"));
        assertEquals(1.1, f.getDouble("skew"));
        assertEquals(Duration.ofMinutes(30), f.getDuration("burst-every"));
        assertTrue(f.isSet("rate"), "explicit even when equal to the default");
        assertFalse(f.isSet("queue"));
    }

    @Test
    void lastOccurrenceWins() throws Exception {
        assertEquals(2, parse("-rate", "1", "--rate=2").getLong("rate"));
    }

    @Test
    void booleansTakeValuesOnlyThroughEquals() throws Exception {
        assertTrue(parse("-f").getBool("f"));
        assertFalse(parse("-pop-wait=false").getBool("pop-wait"));
        assertTrue(parse("--f=T").getBool("f"));
        assertFalse(parse("-f=0").getBool("f"));
    }

    @Test
    void bareFalseAfterABooleanIsAPositionalThatStopsParsing() throws Exception {
        ParsedFlags f = parse("-pop-wait", "false", "-rate", "5");
        assertTrue(f.getBool("pop-wait"), "the trap: -pop-wait false leaves pop-wait true");
        assertEquals(0, f.getLong("rate"), "parsing stopped at 'false'");
        assertEquals(List.of("false", "-rate", "5"), f.positional());
    }

    @Test
    void stopsAtTheFirstNonFlag() throws Exception {
        ParsedFlags f = parse("-rate", "5", "extra", "-queue", "q");
        assertEquals(5, f.getLong("rate"));
        assertEquals("benchq", f.getString("queue"));
        assertEquals(List.of("extra", "-queue", "q"), f.positional());
    }

    @Test
    void doubleDashEndsFlagsAndIsConsumed() throws Exception {
        ParsedFlags f = parse("-rate", "5", "--", "-queue", "q");
        assertEquals(List.of("-queue", "q"), f.positional());
        assertEquals("benchq", f.getString("queue"));
    }

    @Test
    void loneDashIsANonFlag() throws Exception {
        ParsedFlags f = parse("-", "-rate", "5");
        assertEquals(List.of("-", "-rate", "5"), f.positional());
        assertEquals(0, f.getLong("rate"));
    }

    @Test
    void valuesUseGoSyntax() throws Exception {
        assertEquals(255, parse("-rate", "0xff").getLong("rate"));
        assertEquals(8, parse("-rate", "010").getLong("rate"));
        assertEquals(600_000, parse("-rate=600_000").getLong("rate"));
        assertEquals(Duration.ofMinutes(90), parse("-burst-every", "1h30m").getDuration("burst-every"));
        assertEquals(Duration.ZERO, parse("-burst-every", "0").getDuration("burst-every"));
        assertEquals(2.0, parse("-skew", "2").getDouble("skew"));
    }

    @Test
    void reportsGoErrorTexts() {
        assertEquals("flag provided but not defined: -foo", error("-foo"));
        assertEquals("flag provided but not defined: -foo", error("--foo=1"));
        assertEquals("invalid value \"abc\" for flag -rate: parse error", error("-rate", "abc"));
        assertEquals("invalid value \"1e99\" for flag -rate: parse error", error("-rate=1e99"));
        assertEquals("invalid value \"99999999999999999999\" for flag -rate: value out of range",
                error("-rate", "99999999999999999999"));
        assertEquals("invalid boolean value \"x\" for -f: parse error", error("-f=x"));
        assertEquals("flag needs an argument: -rate", error("-rate"));
        assertEquals("bad flag syntax: ---x", error("---x"));
        assertEquals("bad flag syntax: -=x", error("-=x"));
        assertEquals("bad flag syntax: --=", error("--="));
        assertEquals("invalid value \"5x\" for flag -burst-every: parse error", error("-burst-every", "5x"));
        assertEquals("invalid value \"\" for flag -skew: parse error", error("-skew="));
    }

    @Test
    void errorsStopAtTheFirstProblem() {
        assertEquals("flag provided but not defined: -nope", error("-rate", "1", "-nope", "-rate", "x"));
    }

    @Test
    void helpIsRequestedByUndeclaredHOrHelp() {
        for (String h : new String[] {"-h", "-help", "--help", "--h", "-help=1"}) {
            assertThrows(HelpRequestedException.class, () -> GoFlagParser.parse(table(), h), h);
        }
    }

    @Test
    void declaredHelpFlagIsAnOrdinaryFlag() throws Exception {
        FlagTable t = new FlagTable("x").bool("h", false, "custom");
        assertTrue(GoFlagParser.parse(t, "-h").getBool("h"));
    }

    @Test
    void withOverridesAValueAndMarksItSet() throws Exception {
        ParsedFlags f = parse("-rate", "5");
        ParsedFlags g = f.with("queue", "other");
        assertEquals("other", g.getString("queue"));
        assertTrue(g.isSet("queue"));
        assertEquals("benchq", f.getString("queue"), "the original is untouched");
        assertEquals(5, g.getLong("rate"));
        assertThrows(IllegalArgumentException.class, () -> f.with("nope", "1"));
        assertThrows(IllegalArgumentException.class, () -> f.with("rate", "abc"));
    }

    @Test
    void typedGettersRejectWrongTypesAndUndeclaredNames() throws Exception {
        ParsedFlags f = parse();
        assertThrows(IllegalArgumentException.class, () -> f.getString("rate"));
        assertThrows(IllegalArgumentException.class, () -> f.getLong("missing"));
        assertEquals(7, f.getInt("big"));
        assertThrows(IllegalArgumentException.class, () -> parse("-rate", "5000000000").getInt("rate"));
    }

    @Test
    void toStringMasksSecrets() throws Exception {
        FlagTable t = new FlagTable("x").string("token", "", "bearer");
        String s = GoFlagParser.parse(t, "-token", "sk-live-123").toString();
        assertFalse(s.contains("sk-live-123"), s);
    }
}
