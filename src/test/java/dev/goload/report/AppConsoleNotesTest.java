package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.config.AppConfig;
import dev.goload.modes.app.AppNote;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** app's reset, configure, burst and drain lines, byte for byte as the engine printed them before it emitted notes. */
class AppConsoleNotesTest {
    private static String render(AppNote... notes) {
        AppConfig cfg = AppConsoleTest.config();
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        AppConsole c = new AppConsole(cfg, new PrintStream(bos, true, StandardCharsets.UTF_8));
        for (AppNote n : notes) c.onNote(n);
        return bos.toString(StandardCharsets.UTF_8);
    }

    @Test
    void resetAndConfigureLinesAreTheReferenceWords() {
        assertEquals("[reset] deleted appq, appq-stage2\n"
                        + "[configure] appq leaseTime=30s retryLimit=5 completedRet=300s pendingRet=7200s\n"
                        + "[configure] WARNING appq-stage2: HTTP 503\n"
                        + "[configure] + deadLetterQueue=true dlqAfterMaxRetries=true (poison is dead-lettered on every"
                        + " broker generation)\n",
                render(new AppNote.Reset("appq", "appq-stage2"), new AppNote.Configured("appq", 30, 5, 300, 7200),
                        new AppNote.ConfigureWarning("appq-stage2", "HTTP 503"), new AppNote.DeadLetterOptions()));
    }

    @Test
    void burstAndDrainLinesCarryTheirWallClockTime() {
        assertEquals("[12:00:05] burst: x2.0 for 5m0s\n"
                        + "[12:00:05] burst over\n"
                        + "[12:00:05] producers stopped after 60s; draining until no consume progress for 15s\n"
                        + "[12:00:05] drained (no consume progress for 15s) -> stopping\n"
                        + "[verify-log] WARNING: disk full\n",
                render(new AppNote.BurstStart(Synthetic.NOON_05, 2.0, Duration.ofMinutes(5)),
                        new AppNote.BurstOver(Synthetic.NOON_05), new AppNote.ProducersStopped(Synthetic.NOON_05, 60, 15),
                        new AppNote.Drained(Synthetic.NOON_05, 15), new AppNote.RawLogWarning("disk full")));
    }
}
