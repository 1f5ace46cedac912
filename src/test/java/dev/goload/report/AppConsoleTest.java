package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.AppConfig;
import dev.goload.config.TargetOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class AppConsoleTest {
    private static AppConfig config() {
        return new AppConfig(new TargetOptions("http://127.0.0.1:6632", "", "", 30_000, 64, -1, 1, "off"),
                new AppConfig.Load(20_000, 200, 10, 512, 4096, 2.0, Duration.ofMinutes(30), Duration.ofMinutes(5)),
                new AppConfig.Topology("appq", "appq-stage2", 5000, 1.1, 0, 300, 7200, false),
                new AppConfig.Consume(2, 16, 50, 10, true, 1000, 5),
                new AppConfig.Work(20, 0.5, 2, 500, 0.5, 3000, 5, 40),
                new AppConfig.Reliability(2, 0.2, 5, 10, 30, true),
                new AppConfig.Shape(0, 5, 0, 15, "", "run", 500_000, 1));
    }

    @Test
    void headerNumbersAreAsciiWhateverTheHostLocale() {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        Locale host = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("ar-EG")); // Arabic-Indic digits by default
            new AppConsole(config(), new PrintStream(bos, true, StandardCharsets.UTF_8)).printHeader();
        } finally {
            Locale.setDefault(host);
        }
        String text = bos.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("  load:    target=20000 msg/s  producers=200 (single-writer/session)  pushBatch=10"
                + "  payload=512-4096B\n"), text);
        assertTrue(text.contains("  reliab:  fail=2.0%  poison=0.2%  retryLimit=5  lease=30s renew=true\n"), text);
        assertTrue(text.contains("  burst:   x2.0 for 5m0s every 30m0s\n"), text);
    }
}
