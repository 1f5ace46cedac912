package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.modes.app.AppContext;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@code -mode app} through the CLI: exit codes reflect the order verdict (0 PASS, 3 FAIL), flags (2). */
class AppCommandTest {
    private static final String[] SMALL = {"-mode", "app", "-embedded", "-duration", "2", "-report", "1",
        "-target-rate", "300", "-producers", "3", "-sessions", "6", "-push-batch", "5", "-consumers-per-group", "3",
        "-process-ms", "1", "-slow-msg-pct", "0", "-slow-part-pct", "0", "-fail-pct", "2", "-poison-pct", "1",
        "-stage2-consumers", "1", "-payload-min", "8", "-payload-max", "16", "-pop-timeout", "300", "-seed", "7"};

    @Test
    void cleanRunExitsZeroWithAPassVerdict() {
        MainRun r = MainRun.of(SMALL);
        String text = r.out();
        assertEquals(0, r.code(), text + r.err());
        assertTrue(text.contains("VERDICT: PASS"), text);
        assertTrue(text.contains("goload -mode app -> http://127.0.0.1:"), text);
        assertTrue(text.contains("  + closed loop:"), text);
    }

    @Test
    void orderViolationExitsThree() {
        AtomicInteger n = new AtomicInteger();
        AppContext.CheckerTap gap = (c, g, p, seq, retry) -> c.observe(g, p, n.incrementAndGet() == 10 ? seq + 5 : seq, retry);
        MainRun r = MainRun.of(ModeRegistry.standard().with(new AppCommand(gap)), SMALL);
        String text = r.out();
        assertEquals(ExitCodes.VERDICT_FAIL, r.code(), text);
        assertTrue(text.contains("VERDICT: FAIL"), text);
    }

    @Test
    void badFlagsExitTwo() {
        assertEquals(ExitCodes.USAGE, MainRun.of("-mode", "app", "-sessions", "0").code());
        MainRun pct = MainRun.of("-mode", "app", "-fail-pct", "150");
        assertEquals(ExitCodes.USAGE, pct.code());
        assertTrue(pct.err().contains("must be in 0..100"), pct.err());
    }

    @Test
    void unwritableVerifyLogIsASetupFailure() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("goload-app", ".not-a-dir");
        try {
            String[] args = java.util.Arrays.copyOf(SMALL, SMALL.length + 2);
            args[SMALL.length] = "-verify-log";
            args[SMALL.length + 1] = file.toString();
            assertEquals(ExitCodes.SETUP, MainRun.of(args).code());
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }
}
