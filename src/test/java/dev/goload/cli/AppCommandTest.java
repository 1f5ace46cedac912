package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.modes.app.AppContext;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@code -mode app} through the CLI: exit codes reflect the order verdict (0 PASS, 3 FAIL), flags (2). */
class AppCommandTest {
    private static final String[] SMALL = {"-mode", "app", "-embedded", "-duration", "2", "-report", "1",
        "-target-rate", "300", "-producers", "3", "-sessions", "6", "-push-batch", "5", "-consumers-per-group", "3",
        "-process-ms", "1", "-slow-msg-pct", "0", "-slow-part-pct", "0", "-fail-pct", "2", "-poison-pct", "1",
        "-stage2-consumers", "1", "-payload-min", "8", "-payload-max", "16", "-pop-timeout", "300", "-seed", "7"};

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(ModeRegistry registry, String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), registry, BrokerLaunchers.embedded(), false);
    }

    @Test
    void cleanRunExitsZeroWithAPassVerdict() {
        int code = run(ModeRegistry.standard(), SMALL);
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text + err.toString(StandardCharsets.UTF_8));
        assertTrue(text.contains("VERDICT: PASS"), text);
        assertTrue(text.contains("goload -mode app -> http://127.0.0.1:"), text);
        assertTrue(text.contains("  + closed loop:"), text);
    }

    @Test
    void orderViolationExitsThree() {
        AtomicInteger n = new AtomicInteger();
        AppContext.CheckerTap gap = (c, g, p, seq, retry) -> c.observe(g, p, n.incrementAndGet() == 10 ? seq + 5 : seq, retry);
        int code = run(ModeRegistry.standard().with(new AppCommand(gap)), SMALL);
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCodes.VERDICT_FAIL, code, text);
        assertTrue(text.contains("VERDICT: FAIL"), text);
    }

    @Test
    void badFlagsExitTwo() {
        assertEquals(ExitCodes.USAGE, run(ModeRegistry.standard(), "-mode", "app", "-sessions", "0"));
        assertEquals(ExitCodes.USAGE, run(ModeRegistry.standard(), "-mode", "app", "-fail-pct", "150"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("must be in 0..100"));
    }

    @Test
    void unwritableVerifyLogIsASetupFailure() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("goload-app", ".not-a-dir");
        try {
            String[] args = java.util.Arrays.copyOf(SMALL, SMALL.length + 2);
            args[SMALL.length] = "-verify-log";
            args[SMALL.length + 1] = file.toString();
            assertEquals(ExitCodes.SETUP, run(ModeRegistry.standard(), args));
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }
}
