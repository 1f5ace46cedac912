package dev.goload.modes.tenants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code -mode tenants -embedded} end to end against the in-process broker. */
class TenantsModeTest {
    @Test
    void provisionsQueuesRunsPhasesAndAccountsForEveryMessage() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"-mode", "tenants", "-embedded", "-tenants", "3", "-queues-per-tenant", "2",
                "-phase-high", "20", "-phase-low", "5", "-phase-sec", "1", "-duration", "3", "-report", "1",
                "-pop-timeout", "500", "-payload", "16"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, o + err.toString(StandardCharsets.UTF_8));
        assertTrue(o.contains("goload -mode tenants -> http://127.0.0.1:"), o);
        assertTrue(o.contains("tenants=3 queues=6 consumers=6 idleOnly=false"), o);
        assertTrue(o.contains("[provision] 6 queues configured in"), o);
        Matcher m = Pattern.compile("\\[final] pushed=(\\d+) popped=(\\d+) acked=(\\d+) empty=\\d+ \\| tail: (\\d+) msgs"
                + " across \\d+ queues \\| errs push=(\\d+) pop=(\\d+) ack=(\\d+)").matcher(o);
        assertTrue(m.find(), o);
        long pushed = Long.parseLong(m.group(1));
        long popped = Long.parseLong(m.group(2));
        long acked = Long.parseLong(m.group(3));
        long tail = Long.parseLong(m.group(4));
        assertTrue(pushed > 0, o);
        assertEquals(pushed, popped + tail, "every pushed message is popped or in the tail: " + o);
        // An ack cut off by the end of the run counts as an ack error, never vanishes.
        assertEquals(popped, acked + Long.parseLong(m.group(7)), o);
        assertEquals("0", m.group(5), o);
    }

    @Test
    void idleOnlyParksConsumersWithoutTraffic() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"-mode", "tenants", "-embedded", "-tenants", "2", "-queues-per-tenant", "2",
                "-idle-only", "-duration", "1", "-report", "1", "-pop-timeout", "300"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, o);
        assertTrue(o.contains("[final] pushed=0 popped=0 acked=0"), o);
    }
}
