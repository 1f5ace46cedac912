package dev.goload.client;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Request;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Long-polls waiting for their answer hold no pooled buffer (ten thousand parked long-polls in {@code -mode tenants}
 * held 16 KB each), other requests read their answer straight into the read buffer, and long-polls never take the sockets pushes and acks use. Counts buffers and connections;
 * no timing is asserted (the waits only bound a broken run).
 */
class Http1EngineParkedBuffersTest {
    private static final int PARKED = 1000;
    private static final byte[] ANSWER = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".getBytes(US_ASCII);

    private ServerSocket listener;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    /** Counted down to release the silent server: every held request is then answered. */
    private final CountDownLatch answer = new CountDownLatch(1);
    private volatile boolean silent = true;
    private Http1Engine engine;

    @BeforeEach
    void start() throws IOException {
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), PARKED * 2);
        Thread.ofPlatform().daemon().start(this::acceptLoop);
        engine = new Http1Engine(HttpUrl.get("http://127.0.0.1:" + listener.getLocalPort()), Headers.of(), PARKED * 2,
                0, new ClientStats());
    }

    @AfterEach
    void stop() throws IOException {
        answer.countDown();
        engine.close();
        listener.close();
        for (Socket s : open) s.close();
    }

    @Test
    void parkedRequestsHoldNoPooledBuffer() throws Exception {
        List<Thread> callers = new ArrayList<>();
        AtomicInteger answered = new AtomicInteger();
        for (int i = 0; i < PARKED; i++) {
            callers.add(Thread.ofVirtual().start(() -> {
                try {
                    if (engine.exchange(true).execute(get("/api/v1/pop?wait=true"), () -> false).code() == 200) {
                        answered.incrementAndGet();
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }));
        }
        awaitCount(requests::get, PARKED, "requests received by the silent server");
        awaitCount(engine::writeBuffersLent, 0, "write buffers lent once every request is on the wire");
        assertEquals(0, engine.readBuffersLent(), "read buffers held by requests whose answer has not begun");

        answer.countDown();
        for (Thread t : callers) assertTrue(t.join(java.time.Duration.ofSeconds(30)), "an exchange never ended");
        assertEquals(PARKED, answered.get());
        assertEquals(0, engine.readBuffersLent(), "read buffers kept after the answers were read");
        assertEquals(0, engine.writeBuffersLent());
    }

    /**
     * A push or an ack reads its answer straight into the read buffer (one read call for a small answer, not a
     * one-byte read first), so it holds that buffer while it awaits the answer; only long-polls park without one.
     */
    @Test
    void shortLaneRequestsAwaitTheirAnswerWithTheReadBuffer() throws Exception {
        int pushes = 3;
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < pushes; i++) {
            callers.add(Thread.ofVirtual().start(() -> {
                try {
                    assertEquals(200, engine.exchange(false).execute(get("/api/v1/push"), () -> false).code());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }));
        }
        awaitCount(requests::get, pushes, "requests received by the silent server");
        awaitCount(engine::readBuffersLent, pushes, "read buffers held by pushes awaiting their answer");
        assertEquals(0, engine.writeBuffersLent());

        answer.countDown();
        for (Thread t : callers) assertTrue(t.join(java.time.Duration.ofSeconds(30)), "an exchange never ended");
        assertEquals(0, engine.readBuffersLent(), "read buffers kept after the answers were read");
    }

    @Test
    void longPollsNeverTakeTheShortLanesSockets() throws Exception {
        silent = false;
        assertEquals(200, engine.exchange(false).execute(get("/api/v1/push"), () -> false).code());
        assertEquals(1, accepted.get());
        // a long-poll dials its own socket although the push's is idle in the pool
        assertEquals(200, engine.exchange(true).execute(get("/api/v1/pop?wait=true"), () -> false).code());
        assertEquals(2, accepted.get());
        // and each lane reuses its own
        assertEquals(200, engine.exchange(false).execute(get("/api/v1/push"), () -> false).code());
        assertEquals(200, engine.exchange(true).execute(get("/api/v1/pop?wait=true"), () -> false).code());
        assertEquals(2, accepted.get());
    }

    private Request get(String path) {
        return new Request.Builder().url("http://127.0.0.1:" + listener.getLocalPort() + path).build();
    }

    private static void awaitCount(IntSupplier n, int want, String what) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (n.getAsInt() != want) {
            if (System.nanoTime() > end) fail(what + ": " + n.getAsInt() + ", expected " + want);
            Thread.sleep(10);
        }
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                accepted.incrementAndGet();
                open.add(s);
                Thread.ofVirtual().start(() -> serve(s));
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Reads each request head (these requests have no body), then answers at once or once released. */
    private void serve(Socket s) {
        try (s; InputStream in = s.getInputStream()) {
            while (true) {
                int matched = 0;
                for (int b; matched < 4; ) {
                    if ((b = in.read()) < 0) return;
                    matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
                }
                requests.incrementAndGet();
                if (silent) answer.await();
                s.getOutputStream().write(ANSWER);
            }
        } catch (IOException | InterruptedException e) {
            // the test is over
        }
    }
}
