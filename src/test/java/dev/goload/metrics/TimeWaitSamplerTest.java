package dev.goload.metrics;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TIME_WAIT rows to or from one port, counted from tables in the kernel's format; null without a table. */
class TimeWaitSamplerTest {
    private static final String V4_HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt"
            + "   uid  timeout inode\n";
    private static final String V6_HEADER = "  sl  local_address                         remote_address"
            + "                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n";

    /** Port 6632 is 19E8 in hex. */
    private static String v4(String local, String remote, String st) {
        return "   0: " + local + " " + remote + " " + st + " 00000000:00000000 03:00000F1A 00000000     0        0 0 3"
                + " 0000000000000000\n";
    }

    @TempDir
    Path dir;

    private Path table(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, US_ASCII);
    }

    @Test
    void countsTimeWaitRowsWhoseLocalOrRemotePortIsTheBrokersInBothTables() throws IOException {
        Path tcp = table("tcp", V4_HEADER
                + v4("0100007F:C350", "0100007F:19E8", "06") // the loader closed first
                + v4("0100007F:19E8", "0100007F:C351", "06") // the broker closed first
                + v4("0100007F:C352", "0100007F:19E8", "01") // established: not counted
                + v4("0100007F:C353", "0100007F:19E9", "06") // another port
                + v4("0100007F:19E8", "00000000:0000", "0A")); // the listener
        Path tcp6 = table("tcp6", V6_HEADER
                + "   0: 0000000000000000FFFF00000100007F:D000 0000000000000000FFFF00000100007F:19E8 06 00000000:00000000"
                + " 03:00000F1A 00000000     0        0 0 3 0000000000000000\n"
                + "   1: 0000000000000000FFFF00000100007F:D001 0000000000000000FFFF00000100007F:19E8 08 00000000:00000000"
                + " 00:00000000 00000000     0        0 0 1 0000000000000000"); // CLOSE_WAIT, no final newline
        TimeWaitSampler s = new TimeWaitSampler(6632, List.of(tcp, tcp6));
        assertNull(s.peak(), "nothing sampled yet");
        assertEquals(3, s.sample());
        assertEquals(3L, s.peak());
    }

    @Test
    void keepsThePeakAcrossSamplesAndSkipsAMissingTable() throws IOException {
        Path tcp = table("tcp", V4_HEADER + v4("0100007F:C350", "0100007F:19E8", "06")
                + v4("0100007F:C351", "0100007F:19E8", "06"));
        TimeWaitSampler s = new TimeWaitSampler(6632, List.of(tcp, dir.resolve("absent")));
        assertEquals(2, s.sample());
        Files.writeString(tcp, V4_HEADER, US_ASCII);
        assertEquals(0, s.sample());
        assertEquals(2L, s.peak());
    }

    @Test
    void noReadableTableIsNullNotZero() {
        TimeWaitSampler s = new TimeWaitSampler(6632, List.of(dir.resolve("no-tcp"), dir.resolve("no-tcp6")));
        assertEquals(-1, s.sample());
        assertNull(s.peak());
    }

    @Test
    void aTableLargerThanTheBufferIsReadWhole() throws IOException {
        StringBuilder sb = new StringBuilder(V4_HEADER);
        int rows = 5_000; // ~700 KB: the 64 KB buffer grows
        for (int i = 0; i < rows; i++) sb.append(v4("0100007F:" + String.format("%04X", 1024 + i), "0100007F:19E8", "06"));
        TimeWaitSampler s = new TimeWaitSampler(6632, List.of(table("tcp", sb.toString())));
        assertEquals(rows, s.sample());
    }

    @Test
    void aTableLargerThanTheBufferIsStreamedThroughItNotHeldWhole() throws IOException {
        StringBuilder sb = new StringBuilder(V4_HEADER);
        int rows = 20_000; // ~2.8 MB, as a machine with 20,000 sockets: read whole it grew the array to 4 MB
        for (int i = 0; i < rows; i++) sb.append(v4("0100007F:" + String.format("%04X", 1024 + i % 60_000), "0100007F:19E8",
                i % 2 == 0 ? "06" : "01"));
        TimeWaitSampler s = new TimeWaitSampler(6632, List.of(table("tcp", sb.toString())));
        assertEquals(rows / 2, s.sample());
        assertEquals(TimeWaitSampler.BUFFER_BYTES, s.bufferBytes(), "the array stays its first size");
    }

    @Test
    void rowsCutAtEveryOffsetByTheBufferAreCountedOnce() throws IOException {
        // rows of 108 to 207 bytes (padding after the state), so the 64 KB reads end at every offset of a row
        StringBuilder sb = new StringBuilder(V4_HEADER);
        int rows = 3_000;
        long expected = 0;
        for (int i = 0; i < rows; i++) {
            boolean tw = i % 3 != 0;
            if (tw) expected++;
            sb.append("   0: 0100007F:C350 0100007F:19E8 ").append(tw ? "06" : "01").append(" ".repeat(1 + i % 100))
                    .append("00000000:00000000 03:00000F1A 00000000     0        0 0 3 0000000000000000\n");
        }
        TimeWaitSampler s = new TimeWaitSampler(6632, List.of(table("tcp", sb.toString())));
        assertEquals(expected, s.sample());
        assertEquals(expected, TimeWaitSampler.count(sb.toString().getBytes(US_ASCII), sb.length(), 6632));
    }

    @Test
    void aRowLongerThanTheBufferCountsNothingAndTheRowsAfterItStillCount() throws IOException {
        String overlong = "   0: 0100007F:C350 0100007F:19E8 06 " + "x".repeat(TimeWaitSampler.BUFFER_BYTES * 2) + "\n";
        Path tcp = table("tcp", V4_HEADER + v4("0100007F:C351", "0100007F:19E8", "06") + overlong
                + v4("0100007F:C352", "0100007F:19E8", "06") + v4("0100007F:C353", "0100007F:19E8", "06"));
        assertEquals(3, new TimeWaitSampler(6632, List.of(tcp)).sample());
    }

    @Test
    void seesARealTimeWaitSocketOnThisMachine() throws Exception {
        Path tcp = Path.of("/proc/net/tcp");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(tcp), "no /proc/net/tcp");
        try (ServerSocket listener = cleanListener()) {
            int port = listener.getLocalPort();
            try (Socket client = new Socket(InetAddress.getByName("127.0.0.1"), port);
                 Socket accepted = listener.accept()) {
                client.close(); // the side that closes first goes to TIME_WAIT once the other side closes too
                accepted.close();
            }
            TimeWaitSampler s = new TimeWaitSampler(port);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (s.sample() < 1 && System.nanoTime() < deadline) Thread.sleep(10);
            assertEquals(1L, s.peak());
        }
    }

    /**
     * A loopback listener on a port no TIME_WAIT socket uses yet. The other test JVM's closed sockets linger in
     * TIME_WAIT on their ephemeral ports, and a listener may be bound to such a port (SO_REUSEADDR); once bound,
     * the kernel gives the port to no new outgoing socket, so only this test's socket can appear on it.
     */
    private static ServerSocket cleanListener() throws IOException {
        for (int attempt = 0; ; attempt++) {
            ServerSocket listener = new ServerSocket();
            listener.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            if (new TimeWaitSampler(listener.getLocalPort()).sample() == 0 || attempt == 20) return listener;
            listener.close();
        }
    }
}
