package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.config.MaxConfig;
import dev.goload.config.OpenLoopConfig;
import dev.goload.modes.LoadRun;
import dev.goload.modes.LoaderWarmUp;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lines LoadRun used to print itself and now hands to the consoles as notes: the reference's configure lines
 * (goload-behavior.md §2.1) and goload's warm-up line, byte for byte in both load consoles.
 */
class LoadConsoleNotesGoldenTest {
    private static final List<RunNote> NOTES = List.of(
            new LoadRun.Configured("benchq", 300),
            new LoadRun.ConfigureFailed("create queue failed: no answer within 10000 ms"),
            new LoaderWarmUp.Result(123.4, 1, 8, 7, 3, 500, null),
            new LoaderWarmUp.Result(5, 1, 8, 0, 0, 0, "dial 127.0.0.1:1: connection refused"),
            new RunNote.Text("[configure] as is"),
            new RunNote() {});

    private static final List<String> EXPECTED = List.of(
            "[configure] queue=benchq completedRetentionSeconds=300",
            "[configure] WARNING: create queue failed: no answer within 10000 ms",
            "[loader-warmup] 7 connection(s) dialled (8 planned per client, 1 client(s)), 3 health call(s), 500 pacer "
                    + "launches in 123 ms -- before T0, not part of the measured run",
            "[loader-warmup] 0 connection(s) dialled (8 planned per client, 1 client(s)), 0 health call(s), 0 pacer "
                    + "launches in 5 ms -- before T0, not part of the measured run; dial 127.0.0.1:1: connection refused",
            "[configure] as is");

    @Test
    void openLoopConsoleRendersTheNotesInTheReferenceBytes() {
        var out = new Synthetic.Out();
        OpenLoopConfig cfg = new OpenLoopConfig(Synthetic.target(64, -1), Synthetic.queue(),
                Synthetic.consumer(false, false), Synthetic.run(), 1000, 10, 100, 0, "uniform", 1000, 64, 0, "rotate",
                false);
        render(new OpenLoopConsole(cfg, out.ps));
        assertEquals(EXPECTED, out.lines());
    }

    @Test
    void maxConsoleRendersTheSameNotes() {
        var out = new Synthetic.Out();
        render(new MaxConsole(new MaxConfig(Synthetic.target(64, 2), Synthetic.queue(), Synthetic.consumer(false, false),
                Synthetic.run(), 10, 10, 64), out.ps));
        assertEquals(EXPECTED, out.lines());
    }

    private static void render(RunListener<Void> console) {
        NOTES.forEach(console::onNote);
    }
}
