package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.config.AppConfig;
import dev.goload.config.TargetOptions;
import dev.goload.modes.app.AppNote;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** app's reset, configure, burst and drain lines, byte for byte as the engine printed them before it emitted notes. */
class AppConsoleNotesTest {
    private static String render(AppNote... notes) {
        AppConfig cfg = new AppConfig(new TargetOptions("http://127.0.0.1:6632", "", "", 30_000, 64, -1, 1, "off"),
                new AppConfig.Load(20_000, 200, 10, 512, 4096, 2.0, Duration.ofMinutes(30), Duration.ofMinutes(5)),
                new AppConfig.Topology("appq", "appq-stage2", 5000, 1.1, 0, 300, 7200, false),
                new AppConfig.Consume(2, 16, 50, 10, true, 1000, 5),
                new AppConfig.Work(20, 0.5, 2, 500, 0.5, 3000, 5, 40),
                new AppConfig.Reliability(2, 0.2, 5, 10, 30, true),
                new AppConfig.Shape(0, 5, 0, 15, "", "run", 500_000, 1));
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
