package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15: a steady open-loop run against the embedded broker opens only the sockets it needs at once (the
 * warm-up's included) and closes none after use, and says so in the record's {@code loader.connections} and at the
 * end of the loader line. A pool that closed sockets after use (an idle allowance too small for the load, an idle
 * timeout shorter than the gaps) would open far more than its peak and fail here.
 */
class ConnectionChurnEndToEndTest {
    private static final Pattern CONNS = Pattern.compile("\\| conns opened=(\\d+) peak=(\\d+)$");
    /** Sockets a steady run may open beyond its peak: a stale socket's replacement or two. */
    private static final int ALLOWANCE = 3;

    @TempDir
    Path dir;

    @Test
    void aSteadyRunOpensNoMoreSocketsThanItHoldsAtOnceAndClosesNoneAfterUse() {
        LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-embedded", "-rate", "400", "-push-batch", "1",
                "-duration", "3", "-report", "1", "-consumers", "2", "-partitions", "4");
        assertEquals(0, r.code(), r.toString());
        JsonNode c = r.record().path("loader").path("connections");
        long opened = c.path("opened").asLong();
        long closed = c.path("closed").asLong();
        long peak = c.path("peakOpen").asLong();
        assertTrue(opened >= 3, "two long-poll consumers and the pushes each hold a socket: " + c);
        assertTrue(peak >= 3 && peak <= opened, c.toString());
        assertTrue(opened <= peak + ALLOWANCE, "sockets opened beyond the most ever open at once (churn): " + c);
        assertTrue(closed <= ALLOWANCE, "sockets closed during a steady run: " + c);
        assertEquals(opened - closed, c.path("openAtEnd").asLong(), "the pool is open when the record is taken");
        assertEquals(Files.isReadable(Path.of("/proc/net/tcp")), c.path("timeWaitPeak").isNumber(), c.toString());

        String loaderLine = r.lines().stream().filter(l -> l.startsWith("[final] + loader cpu")).findFirst()
                .orElseThrow(() -> new AssertionError(r.toString()));
        Matcher m = CONNS.matcher(loaderLine);
        assertTrue(m.find(), loaderLine);
        assertEquals(opened, Long.parseLong(m.group(1)), "the console and the record agree");
        assertEquals(peak, Long.parseLong(m.group(2)));
    }
}
