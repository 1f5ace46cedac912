package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fixed endpoint's command line (moved from bench, which no longer knows the flag parser). */
class FixedEndpointCommandTest {
    @Test
    void aStrayArgumentIsAUsageErrorNotIgnored() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = FixedEndpointCommand.run(List.of("-port", "0", "500"), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCodes.USAGE, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unexpected argument \"500\""), err.toString());
    }

    @Test
    void anUnknownPushAnswerShapeIsAUsageError() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = FixedEndpointCommand.run(List.of("-push-answer", "gena"), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCodes.USAGE, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("-push-answer must be genb or full"), err.toString());
    }
}
