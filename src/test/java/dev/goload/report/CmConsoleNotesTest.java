package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.modes.LoaderWarmUp;
import dev.goload.modes.cm.CmNote;
import dev.goload.modes.cm.CmSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** cm's configure, warm-up and shutdown lines, byte for byte as the engine printed them before it emitted notes. */
class CmConsoleNotesTest {
    private static String render(CmNote... notes) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        CmConsole c = new CmConsole(new PrintStream(bos, true, StandardCharsets.UTF_8));
        for (CmNote n : notes) c.onNote(n);
        return bos.toString(StandardCharsets.UTF_8);
    }

    @Test
    void configureAndWarmupLinesAreTheReferenceWords() {
        assertEquals("[configure] WARNING cm-avail: HTTP 503\n"
                        + "[configure] cm-avail cm-ota-sync cm-prices cm-ota-prices ready\n"
                        + "[warmup] seq-0 push for 1000 properties x 2 flows (conc=64/flow)...\n"
                        + "[warmup] ingress done in 1.3s, draining pipeline...\n"
                        + "[warmup] complete in 12.0s — starting rated load\n",
                render(new CmNote.ConfigureWarning("cm-avail", "HTTP 503"),
                        new CmNote.Configured(List.of("cm-avail", "cm-ota-sync", "cm-prices", "cm-ota-prices")),
                        new CmNote.WarmupStart(1000, 64), new CmNote.WarmupIngressDone(1.31),
                        new CmNote.WarmupComplete(11.96)));
    }

    @Test
    void shutdownSaysWhenTheWorkersDidNotDrainThenPrintsTheBackoffs() {
        assertEquals("[shutdown] worker drain timed out (15s) — proceeding\n"
                        + "[final] + errorBackoff backoffs=3 ms=120\n",
                render(new CmNote.Shutdown(false, 3, 120)));
        assertEquals("[final] + errorBackoff backoffs=0 ms=0\n", render(new CmNote.Shutdown(true, 0, 0)));
    }

    @Test
    void theLoaderWarmUpLineIsItsOwnAndTheStartPrintsNothing() {
        var warm = new LoaderWarmUp.Result(12, 1, 4, 4, 1, 0, null);
        assertEquals(warm.line() + "\n", render(new CmNote.LoaderWarm(warm),
                new CmNote.Started(new CmSnapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))));
    }
}
