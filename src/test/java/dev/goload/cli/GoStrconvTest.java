package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class GoStrconvTest {

    private static long i(String s) throws Exception { return GoStrconv.parseInt(s); }

    private static String intError(String s) {
        return assertThrows(GoStrconv.SyntaxException.class, () -> GoStrconv.parseInt(s)).getMessage();
    }

    @Test
    void parsesIntegersWithGoBasePrefixes() throws Exception {
        assertEquals(600000, i("600000"));
        assertEquals(-5, i("-5"));
        assertEquals(5, i("+5"));
        assertEquals(255, i("0xff"));
        assertEquals(255, i("0XFF"));
        assertEquals(8, i("0o10"));
        assertEquals(8, i("010"), "leading 0 means octal, as in Go");
        assertEquals(5, i("0b101"));
        assertEquals(-16, i("-0x10"));
        assertEquals(0, i("0"));
        assertEquals(Long.MAX_VALUE, i("9223372036854775807"));
        assertEquals(Long.MIN_VALUE, i("-9223372036854775808"));
    }

    @Test
    void acceptsUnderscoresOnlyWhereGoSyntaxAllowsThem() throws Exception {
        assertEquals(1000, i("1_000"));
        assertEquals(0xffff, i("0x_ff_ff"));
        assertEquals(7, i("0_7"));
        assertEquals("parse error", intError("1__000"));
        assertEquals("parse error", intError("_1"));
        assertEquals("parse error", intError("1_"));
    }

    @Test
    void rejectsWhatGoRejects() {
        for (String bad : new String[] {"", "abc", "08", "0x", "1.5", "1e3", " 1", "+-1", "0b2", "5s"}) {
            assertEquals("parse error", intError(bad), bad);
        }
        assertEquals("value out of range", intError("9223372036854775808"));
        assertEquals("value out of range", intError("-9223372036854775809"));
        assertEquals("value out of range", intError("99999999999999999999"));
    }

    @Test
    void parsesBoolsExactlyAsParseBool() throws Exception {
        for (String t : new String[] {"1", "t", "T", "TRUE", "true", "True"}) assertTrue(GoStrconv.parseBool(t));
        for (String f : new String[] {"0", "f", "F", "FALSE", "false", "False"}) {
            assertEquals(false, GoStrconv.parseBool(f));
        }
        for (String bad : new String[] {"yes", "tRUE", "", "on", "2"}) {
            assertThrows(GoStrconv.SyntaxException.class, () -> GoStrconv.parseBool(bad), bad);
        }
    }

    @Test
    void parsesFloatsIncludingGoOnlyForms() throws Exception {
        assertEquals(1.5, GoStrconv.parseFloat("1.5"));
        assertEquals(0.5, GoStrconv.parseFloat(".5"));
        assertEquals(5.0, GoStrconv.parseFloat("5."));
        assertEquals(1e3, GoStrconv.parseFloat("1e3"));
        assertEquals(1000.5, GoStrconv.parseFloat("1_000.5"));
        assertEquals(12.0, GoStrconv.parseFloat("0x1.8p3"));
        assertEquals(Double.POSITIVE_INFINITY, GoStrconv.parseFloat("+Inf"));
        assertTrue(Double.isNaN(GoStrconv.parseFloat("NaN")));
        for (String bad : new String[] {"1d", "1f", "0x1", "abc", "", "1e", " 1", "Infinity1", "1__0"}) {
            assertThrows(GoStrconv.SyntaxException.class, () -> GoStrconv.parseFloat(bad), bad);
        }
        assertEquals("value out of range",
                assertThrows(GoStrconv.SyntaxException.class, () -> GoStrconv.parseFloat("1e400")).getMessage());
    }

    @Test
    void formatsFloatsLikeFormatFloatG() {
        assertEquals("0", GoStrconv.formatFloat(0));
        assertEquals("1", GoStrconv.formatFloat(1.0));
        assertEquals("1.1", GoStrconv.formatFloat(1.1));
        assertEquals("0.2", GoStrconv.formatFloat(0.2));
        assertEquals("123456", GoStrconv.formatFloat(123456));
        assertEquals("1e+06", GoStrconv.formatFloat(1e6));
        assertEquals("1.5e-05", GoStrconv.formatFloat(1.5e-5));
        assertEquals("0.0001", GoStrconv.formatFloat(1e-4));
        assertEquals("-2.5", GoStrconv.formatFloat(-2.5));
        assertEquals("1e+100", GoStrconv.formatFloat(1e100));
    }

    @Test
    void quotesLikeGoPercentQ() {
        assertEquals("\"benchq\"", GoStrconv.quote("benchq"));
        assertEquals("\"a\\\"b\\\\c\"", GoStrconv.quote("a\"b\\c"));
        assertEquals("\"\\n\\t\\x01\"", GoStrconv.quote("\n\t\u0001"));
        assertEquals("\"µs é\"", GoStrconv.quote("µs é"));
        assertEquals("\"\"", GoStrconv.quote(""));
    }

    @Test
    void parsesGoDurations() throws Exception {
        assertEquals(Duration.ofMinutes(30), GoDuration.parse("30m"));
        assertEquals(Duration.ofMinutes(5), GoDuration.parse("5m0s"));
        assertEquals(Duration.ofMinutes(90), GoDuration.parse("1h30m"));
        assertEquals(Duration.ofMillis(1500), GoDuration.parse("1.5s"));
        assertEquals(Duration.ofMillis(300), GoDuration.parse("300ms"));
        assertEquals(Duration.ofNanos(2000), GoDuration.parse("2us"));
        assertEquals(Duration.ofNanos(2000), GoDuration.parse("2µs"));
        assertEquals(Duration.ofNanos(2000), GoDuration.parse("2\u03bcs"));
        assertEquals(Duration.ofSeconds(-1), GoDuration.parse("-1s"));
        assertEquals(Duration.ZERO, GoDuration.parse("0"));
        assertEquals(Duration.ZERO, GoDuration.parse("-0"));
        assertEquals(Duration.ofMillis(500), GoDuration.parse(".5s"));
        assertEquals(Duration.ofSeconds(1), GoDuration.parse("1.s"));
        assertEquals(Duration.ofNanos(1), GoDuration.parse("1ns"));
        for (String bad : new String[] {"", "5", "1x", "s", ".s", "1h 30m", "1.5", "+", "9999999999h", "1S"}) {
            assertThrows(GoStrconv.SyntaxException.class, () -> GoDuration.parse(bad), bad);
        }
    }

    @Test
    void formatsDurationsLikeGoString() {
        assertEquals("0s", GoDuration.format(Duration.ZERO));
        assertEquals("30m0s", GoDuration.format(Duration.ofMinutes(30)));
        assertEquals("1h30m0s", GoDuration.format(Duration.ofMinutes(90)));
        assertEquals("1h0m0s", GoDuration.format(Duration.ofHours(1)));
        assertEquals("1.5s", GoDuration.format(Duration.ofMillis(1500)));
        assertEquals("300ms", GoDuration.format(Duration.ofMillis(300)));
        assertEquals("1.5ms", GoDuration.format(Duration.ofNanos(1_500_000)));
        assertEquals("2µs", GoDuration.format(Duration.ofNanos(2000)));
        assertEquals("7ns", GoDuration.format(Duration.ofNanos(7)));
        assertEquals("-1s", GoDuration.format(Duration.ofSeconds(-1)));
        assertEquals("59s", GoDuration.format(Duration.ofSeconds(59)));
        assertEquals("2562047h47m16.854775807s", GoDuration.format(Duration.ofNanos(Long.MAX_VALUE)));
    }

    @Test
    void formatsDurationsWithAsciiDigitsWhateverTheHostLocale() {
        java.util.Locale host = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.forLanguageTag("ar-EG")); // Arabic-Indic digits by default
            assertEquals("1.5s", GoDuration.format(Duration.ofMillis(1500)));
        } finally {
            java.util.Locale.setDefault(host);
        }
    }
}
