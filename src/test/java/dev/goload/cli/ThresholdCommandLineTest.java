package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.modes.run.thresholds.Dimension;
import dev.goload.modes.run.thresholds.MetricCatalog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A bad {@code -threshold} is a command-line error: exit 2, before the mode runs (so before anything is sent). */
class ThresholdCommandLineTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** A recording mode whose catalog has a figure of its own. */
    private static final class Verifying implements ModeCommand {
        final RecordingCommand inner = new RecordingCommand("openloop", FlagTables.openloop());

        @Override public String name() { return "openloop"; }
        @Override public FlagTable flags() { return inner.flags(); }
        @Override public int run(ParsedFlags f, PrintStream out, PrintStream e) { return inner.run(f, out, e); }

        @Override
        public MetricCatalog thresholdMetrics() {
            return MetricCatalog.common().withModeFigure("verify.missing", Dimension.COUNT);
        }
    }

    private final Verifying mode = new Verifying();

    private int run(String... args) {
        return Main.run(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), ModeRegistry.standard().with(mode),
                new FakeBrokerLauncher(), false);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anUnknownMetricExits2BeforeTheModeRunsWithADidYouMean() {
        assertEquals(ExitCodes.USAGE, run("-mode", "openloop", "-rate", "5", "-threshold", "shed==0",
                "-threshold", "psuh.p99<10ms"));
        assertEquals(List.of(), mode.inner.runs);
        assertEquals("goload -mode openloop: -threshold \"psuh.p99<10ms\": unknown metric psuh.p99; did you mean"
                + " push.p99? (metrics: docs/reporting.md#thresholds)\n", stderr());
    }

    @Test
    void theSubcommandFormRefusesItAlike() {
        assertEquals(ExitCodes.USAGE, run("openloop", "--rate", "5", "--threshold", "verify.mising==0"));
        assertEquals(List.of(), mode.inner.runs);
        assertTrue(stderr().contains("unknown metric verify.mising; did you mean verify.missing?"), stderr());
    }

    @Test
    void aMalformedExpressionOrAMismatchedUnitExits2() {
        assertEquals(ExitCodes.USAGE, run("-mode", "openloop", "-rate", "5", "-threshold", "shed=0"));
        assertTrue(stderr().contains("'=' is not a comparison: write =="), stderr());
        assertEquals(ExitCodes.USAGE, run("-mode", "openloop", "-rate", "5", "-threshold", "push.p99<10"));
        assertTrue(stderr().contains("push.p99 is a time"), stderr());
        assertEquals(List.of(), mode.inner.runs);
    }

    @Test
    void thresholdAbortNeedsAThresholdAndANonNegativeSpan() {
        assertEquals(ExitCodes.USAGE, run("-mode", "openloop", "-rate", "5", "-threshold-abort", "10"));
        assertTrue(stderr().contains("-threshold-abort needs at least one -threshold"), stderr());
        assertEquals(ExitCodes.USAGE, run("-mode", "openloop", "-rate", "5", "-threshold", "shed==0",
                "-threshold-abort", "-1"));
        assertTrue(stderr().contains("-threshold-abort must be >= 0"), stderr());
    }

    @Test
    void aModeFigureIsValidOnlyInTheModeThatDeclaresIt() {
        assertEquals(ExitCodes.OK, run("-mode", "openloop", "-rate", "5", "-threshold", "verify.missing==0",
                "-threshold", "e2e.p99.9<1s"));
        assertEquals(1, mode.inner.runs.size());
        assertEquals(ExitCodes.USAGE, run("-mode", "max", "-threshold", "verify.missing==0"));
    }

    @Test
    void exitCodePrecedenceIsVerdictThenSetupThenInvalidThenThreshold() {
        assertEquals(3, ExitCodes.resolve(3, true, true, true));
        assertEquals(1, ExitCodes.resolve(0, true, true, true));
        assertEquals(1, ExitCodes.resolve(1, false, true, true));
        assertEquals(5, ExitCodes.resolve(0, false, true, true));
        assertEquals(4, ExitCodes.resolve(0, false, false, true));
        assertEquals(0, ExitCodes.resolve(0, false, false, false));
    }
}
