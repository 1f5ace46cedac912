package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FlagTableUsageTest {

    @Test
    void printsGoPrintDefaultsFormat() {
        FlagTable t = new FlagTable("goload -mode demo")
                .string("queue", "benchq", "queue name")
                .intFlag("rate", 0, "total offered msg/s")
                .intFlag("report", 5, "report interval in seconds")
                .bool("v", false, "verbose")
                .bool("pop-wait", true, "long-poll pops")
                .string("token", "", "Bearer token")
                .float64("skew", 1.1, "Zipf exponent")
                .float64("zero", 0, "a float")
                .duration("burst-every", Duration.ofMinutes(30), "burst period")
                .int64("pop-timeout", 2000, "long-poll `ms` to wait")
                .string("note", "a\"b", "multi\nline");
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        t.printUsage(new PrintStream(buf, true, StandardCharsets.UTF_8));
        String expected = """
                Usage of goload -mode demo:
                  -burst-every duration
                    \tburst period (default 30m0s)
                  -note string
                    \tmulti
                    \tline (default "a\\"b")
                  -pop-timeout ms
                    \tlong-poll ms to wait (default 2000)
                  -pop-wait
                    \tlong-poll pops (default true)
                  -queue string
                    \tqueue name (default "benchq")
                  -rate int
                    \ttotal offered msg/s
                  -report int
                    \treport interval in seconds (default 5)
                  -skew float
                    \tZipf exponent (default 1.1)
                  -token string
                    \tBearer token
                  -v\tverbose
                  -zero float
                    \ta float
                """;
        assertEquals(expected, buf.toString(StandardCharsets.UTF_8));
    }

    @Test
    void redefiningAFlagIsAProgrammingError() {
        FlagTable t = new FlagTable("x").intFlag("rate", 0, "r");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> t.intFlag("rate", 1, "r"));
    }
}
