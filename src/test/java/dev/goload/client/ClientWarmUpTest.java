package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/**
 * The client codecs' warm-up runs once per JVM, however many clients warm up (cloud warms one client per tenant):
 * the codecs are static code, and each client's 3,000 iterations were a quarter of a cloud run's allocated bytes.
 */
class ClientWarmUpTest {
    @Test
    void theCodecsRunOncePerJvmHoweverManyClientsWarmUp() throws Exception {
        int before = ClientWarmUp.runs(); // 0, or 1 when another test of this JVM warmed a client first
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + server.getLocalPort();
            try (QueenClient a = new QueenClient(ClientConfig.of(url));
                 QueenClient b = new QueenClient(ClientConfig.of(url))) {
                assertEquals(0, a.warmUp(0), "nothing to dial");
                assertEquals(0, b.warmUp(0));
                assertEquals(0, a.warmUp(0), "a client warmed twice");
            }
        }
        // counted where the codecs run, so a warm-up that ran them per client (or per call) shows here
        assertEquals(1, ClientWarmUp.runs(), "one run of the codecs for the JVM, three warm-ups after " + before);
        assertFalse(ClientWarmUp.exerciseOnce(10), "a later call does not run them again");
        assertEquals(1, ClientWarmUp.runs());
    }
}
