package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code -embedded} against the real in-process broker. */
class EmbeddedBrokerIntegrationTest {

    private static void connect(int port) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        }
    }

    @Test
    void embeddedRunReachesARealLoopbackBrokerThatIsGoneAfterwards() {
        int[] port = new int[1];
        ModeCommand probe = new ModeCommand() {
            @Override public String name() { return "max"; }
            @Override public String summary() { return "probe"; }
            @Override public FlagTable flags() { return FlagTables.max(); }
            @Override public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
                URI url = URI.create(f.getString("url"));
                assertEquals("127.0.0.1", url.getHost());
                port[0] = url.getPort();
                connect(port[0]); // the broker is serving while the mode runs
                return 0;
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"-embedded"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8), ModeRegistry.standard().with(probe),
                BrokerLaunchers.embedded(), false);
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertTrue(port[0] > 0);
        assertThrows(IOException.class, () -> connect(port[0]), "closed after the run");
    }

    @Test
    void awaitClosedReturnsOnceTheBrokerIsClosed() throws Exception {
        BrokerLauncher.Running broker = BrokerLaunchers.embedded().start(BrokerLauncher.Settings.loopbackFreePort());
        Thread.ofVirtual().start(broker::close);
        assertTimeoutPreemptively(Duration.ofSeconds(20), broker::awaitClosed);
    }
}
