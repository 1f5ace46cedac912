package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A connect the peer never answers ends by the connect timeout, or at once by a close from another thread, on a
 * platform thread (whose connect is untimed and bounded by the deadline watchdog) as on a virtual thread (the
 * JDK's timed connect).
 *
 * <p>The unanswered connect: a loopback listener that never accepts, its accept queue filled, drops further SYNs.
 */
class Http1ConnectTimeoutTest {
    private ServerSocket listener;
    private final List<Socket> fillers = new ArrayList<>();
    private InetSocketAddress address;
    /** The thread {@link #connectOn} started. */
    private volatile Thread connecting;

    @BeforeEach
    void fillAcceptQueue() throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        address = new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort());
        // until a connect hangs: backlog 1 takes two, but do not rely on the kernel's arithmetic
        for (int i = 0; i < 16; i++) {
            Socket s = new Socket();
            fillers.add(s);
            try {
                s.connect(address, 200);
            } catch (SocketTimeoutException full) {
                return;
            }
        }
        throw new IllegalStateException("the listener's accept queue never filled");
    }

    @AfterEach
    void close() throws IOException {
        for (Socket s : fillers) s.close();
        listener.close();
    }

    @Test
    void unansweredConnectOnAPlatformThreadTimesOut() throws Exception {
        assertTimesOut(Thread.ofPlatform());
    }

    @Test
    void unansweredConnectOnAVirtualThreadTimesOut() throws Exception {
        assertTimesOut(Thread.ofVirtual());
    }

    @Test
    void closeEndsAnUnansweredConnectOnAPlatformThread() throws Exception {
        assertCloseEndsConnect(Thread.ofPlatform());
    }

    @Test
    void closeEndsAnUnansweredConnectOnAVirtualThread() throws Exception {
        assertCloseEndsConnect(Thread.ofVirtual());
    }

    private void assertTimesOut(Thread.Builder kind) throws Exception {
        Socket s = new Socket();
        fillers.add(s);
        Throwable t = connectOn(kind, s, 300).get(20, TimeUnit.SECONDS);
        assertInstanceOf(SocketTimeoutException.class, t);
        assertEquals("Connect timed out", t.getMessage());
    }

    private void assertCloseEndsConnect(Thread.Builder kind) throws Exception {
        Socket s = new Socket();
        fillers.add(s);
        CompletableFuture<Throwable> failure = connectOn(kind, s, 60_000);
        // a close before the connect started would fail it as well, proving nothing: wait until it is in the JDK's
        // connect, then let it block there
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!inSocketConnect(connecting)) {
            assertTrue(System.nanoTime() < deadline && !failure.isDone(), "the connect never started: " + failure);
            Thread.sleep(5);
        }
        Thread.sleep(200);
        assertFalse(failure.isDone(), "still blocked in the connect: the close is what ends it: " + failure);
        s.close();
        Throwable t = failure.get(20, TimeUnit.SECONDS);
        assertNotNull(t);
        assertTrue(t instanceof IOException && !(t instanceof SocketTimeoutException), "a close, not a timeout: " + t);
    }

    private static boolean inSocketConnect(Thread t) {
        for (StackTraceElement f : t.getStackTrace()) {
            if (f.getClassName().equals(Socket.class.getName()) && f.getMethodName().equals("connect")) return true;
        }
        return false;
    }

    private CompletableFuture<Throwable> connectOn(Thread.Builder kind, Socket s, int timeoutMillis) {
        CompletableFuture<Throwable> failure = new CompletableFuture<>();
        connecting = kind.start(() -> {
            try {
                Http1Connection.connect(s, address, timeoutMillis);
                failure.complete(null);
            } catch (Throwable t) {
                failure.complete(t);
            }
        });
        return failure;
    }
}
