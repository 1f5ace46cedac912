package dev.goload.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketException;
import okhttp3.Request;

/**
 * The one rule both HTTP engines apply before re-sending a request on a fresh socket (Go's
 * {@code persistConn.shouldRetryRequest}, see docs/differences.md, "Keep-alive"): the socket was <em>reused</em>
 * from the keep-alive pool, not one byte of the answer arrived on it, the failure is the peer's close or reset
 * (EOF, a broken pipe, a reset; never a timeout, a cancel or a protocol error), and the body can be sent again.
 * The caller re-sends at most once, on a fresh socket, and counts it as a reconnect.
 *
 * <p>Stateless.
 */
final class StaleSocket {
    private StaleSocket() {
    }

    /**
     * True when {@code e}, thrown by an exchange on a reused socket before any answer byte, may be re-sent. Never
     * on an interrupted thread: an interrupt closes a virtual thread's socket, which looks like the peer's close.
     */
    static boolean resendable(IOException e, Request request) {
        if (Thread.currentThread().isInterrupted()) return false;
        if (request.body() != null && request.body().isOneShot()) return false;
        return peerClosed(e);
    }

    /** EOF or a socket error in {@code e}'s cause chain, unless {@code e} is a timeout or a cancel. */
    static boolean peerClosed(IOException e) {
        if (e instanceof InterruptedIOException) return false;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof EOFException) return true;
            if (t instanceof SocketException && !(t instanceof ConnectException)) return true;
            if (t.getCause() == t) break;
        }
        return false;
    }
}
