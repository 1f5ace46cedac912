package dev.goload.client;

import static dev.goload.client.RawHttpServer.await;
import static dev.goload.client.RawHttpServer.ok;
import static dev.goload.client.RawHttpServer.send;
import static dev.goload.client.RawHttpServer.sendAndClose;
import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ConnectionTally}, the same on both engines: a socket is counted opened once its connect completed and
 * closed once, split by whether the peer had ended it first; the peak is exact; clients sharing a tally add up.
 * Checked against what the scripted server saw (its accepted connections and the closes it read).
 */
@ParameterizedClass(name = "{0}")
@EnumSource(HttpEngine.class)
class ConnectionAccountingTest extends Http1EngineTestSupport {
    @Parameter
    HttpEngine engine;

    private QueenClient client() {
        return client(engine, UnaryOperator.identity());
    }

    @Test
    void sequentialCallsOpenOneSocketAndClosingTheClientClosesIt() throws InterruptedException {
        ConnectionTally t;
        try (QueenClient c = client()) {
            for (int i = 0; i < 5; i++) c.health();
            t = c.stats().connections();
            assertEquals(1, t.opened());
            assertEquals(0, t.closed());
            assertEquals(1, t.open());
            assertEquals(1, t.peakOpen());
        }
        assertEquals(1, server.accepted());
        assertEquals(1, t.closed(), "the client's close closed its pooled socket");
        assertEquals(0, t.closedByPeer());
        assertEquals(0, t.open());
        await("the server to see the close", () -> server.closedByClient() == 1);
    }

    @Test
    void aSocketThePeerClosedIsCountedClosedByThePeer() throws InterruptedException {
        server.script(sendAndClose(ok(HEALTH)));
        try (QueenClient c = client()) {
            c.health();
            await("the server to close the idle socket", () -> server.closedByServer() == 1);
            c.health(); // finds the stale socket, re-sends on a fresh one
            ConnectionTally t = c.stats().connections();
            assertEquals(1, c.stats().reconnects());
            assertEquals(2, t.opened());
            assertEquals(1, t.closedByPeer());
            // OkHttp re-sends through a client that keeps no idle socket: it closes the fresh one after the answer
            int keptOpen = engine == HttpEngine.HTTP1 ? 1 : 0;
            assertEquals(keptOpen, t.open());
            assertEquals(2 - keptOpen, t.closed());
        }
        assertEquals(2, server.accepted());
    }

    @Test
    void aConnectionCloseAnswerIsClosedByTheLoader() {
        server.script(send(RawHttpServer.answer("200 OK", "{}", "Connection: close")));
        try (QueenClient c = client()) {
            c.health();
            c.health();
            ConnectionTally t = c.stats().connections();
            assertEquals(2, t.opened());
            assertEquals(1, t.closed());
            assertEquals(0, t.closedByPeer());
            assertEquals(1, t.open());
        }
        assertEquals(2, server.accepted());
    }

    @Test
    void aRefusedConnectIsNeitherOpenedNorClosed() throws Exception {
        // a port held by a bound socket that does not listen: a connect to it is refused, and no other process (the
        // other test JVM) can take it meanwhile, as it could a port freed by closing a server
        try (java.net.Socket holder = new java.net.Socket()) {
            holder.bind(new java.net.InetSocketAddress("127.0.0.1", 0));
            refusedOn(holder.getLocalPort());
        }
    }

    private void refusedOn(int port) throws Exception {
        try (QueenClient c = new QueenClient(ClientConfig.of("http://127.0.0.1:" + port).withHttpEngine(engine))) {
            assertEquals(ErrorKind.CONN, failure(c::health).kind());
            ConnectionTally t = c.stats().connections();
            assertEquals(0, t.opened());
            assertEquals(0, t.closed());
            assertEquals(0, t.open());
        }
    }

    @Test
    void concurrentCallsSetAnExactPeakSharedByTheClientsOfOneTally() throws Exception {
        int calls = 6;
        CountDownLatch release = new CountDownLatch(1);
        server.otherwise((req, out) -> {
            release.await();
            out.write(ok("{}").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return true;
        });
        ConnectionTally shared = new ConnectionTally();
        ClientConfig cfg = ClientConfig.of(server.url()).withHttpEngine(engine);
        try (QueenClient a = new QueenClient(cfg, shared); QueenClient b = new QueenClient(cfg, shared)) {
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                QueenClient c = i % 2 == 0 ? a : b;
                threads.add(Thread.ofVirtual().start(c::health));
            }
            server.awaitRequests(calls);
            assertEquals(calls, shared.open(), "every call in flight holds its own socket");
            release.countDown();
            for (Thread t : threads) t.join();
            assertEquals(calls, shared.opened());
            assertEquals(calls, shared.peakOpen());
            assertSame(shared, a.stats().connections());
            assertSame(shared, b.stats().connections());
        }
        assertEquals(calls, shared.closed());
        assertEquals(0, shared.open());
        assertEquals(calls, shared.peakOpen(), "the peak outlives the sockets");
    }
}
