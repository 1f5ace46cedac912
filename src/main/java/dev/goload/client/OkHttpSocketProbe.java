package dev.goload.client;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.FilterOutputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.EventListener;
import okhttp3.Request;

/**
 * What the OkHttp engine needs to apply {@link StaleSocket}'s rule to one call: whether the call got a pooled
 * (reused) connection, and whether any answer byte arrived on it. OkHttp's own {@code retryOnConnectionFailure}
 * stays off: it also re-sends after a failure on a fresh connection and it cannot tell whether part of an answer
 * had arrived, so it would break both halves of the guarantee the HTTP/1.1 engine gives.
 *
 * <p>One probe per call, attached as the request's tag and found by {@link #FACTORY}; the sockets come from
 * {@link NoDelaySocketFactory} and count the bytes read from them. Written by OkHttp's call thread, read by the
 * caller after {@code execute()} returned or threw (volatile fields).
 */
final class OkHttpSocketProbe extends EventListener {
    /** Gives each call its probe (the request's tag), or no listener for requests without one. */
    static final EventListener.Factory FACTORY = call -> {
        OkHttpSocketProbe p = call.request().tag(OkHttpSocketProbe.class);
        return p != null ? p : EventListener.NONE;
    };

    private volatile boolean connected;
    private volatile CountingSocket socket;
    private volatile long readAtAcquire;

    /** {@code request} carrying a new probe as its tag. */
    static Request probed(Request request) {
        return request.newBuilder().tag(OkHttpSocketProbe.class, new OkHttpSocketProbe()).build();
    }

    static OkHttpSocketProbe of(Request probed) {
        return probed.tag(OkHttpSocketProbe.class);
    }

    @Override
    public void connectStart(Call call, InetSocketAddress address, Proxy proxy) {
        connected = true;
    }

    @Override
    public void connectionAcquired(Call call, Connection connection) {
        if (connection.socket() instanceof CountingSocket s) {
            readAtAcquire = s.bytesRead;
            socket = s;
        }
    }

    /** The call failed with {@code e} on a reused connection that delivered no answer byte: send it again. */
    boolean resendable(IOException e, Request request) {
        CountingSocket s = socket;
        return !connected && s != null && s.bytesRead == readAtAcquire && StaleSocket.resendable(e, request);
    }

    /**
     * A plain socket that counts the bytes read from it (one counter per socket; one reader at a time), and tells
     * its {@link ConnectionTally} when its connect completes and when it is first closed: OkHttp 5.5.1's public
     * {@link EventListener} reports connects per call but no close, and its connection listener is internal, so
     * the socket OkHttp asks our factory for is where both are seen exactly. An EOF or a reset seen on it before
     * the close makes that close the peer's ({@link ConnectionTally#closedByPeer()}).
     */
    static final class CountingSocket extends Socket {
        private static final int NEW = 0;
        private static final int OPEN = 1;
        private static final int CLOSED = 2;
        private final ConnectionTally tally;
        private final AtomicInteger state = new AtomicInteger(NEW);
        private volatile long bytesRead;
        private volatile boolean peerClosed;
        private InputStream in;
        private OutputStream out;

        CountingSocket(ConnectionTally tally) {
            this.tally = tally;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            super.connect(endpoint, timeout);
            tally.onOpened();
            // closed by a cancel between the connect and here: it was opened, and it is closed
            if (!state.compareAndSet(NEW, OPEN)) tally.onClosed(false);
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                if (state.getAndSet(CLOSED) == OPEN) tally.onClosed(peerClosed);
            }
        }

        /** {@code e} from a read or write: a reset, unless the loader had closed the socket itself. */
        private IOException seen(IOException e) {
            if (e instanceof SocketException && !isClosed()) peerClosed = true;
            return e;
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (in == null) {
                in = new FilterInputStream(super.getInputStream()) {
                    @Override
                    public int read() throws IOException {
                        int b;
                        try {
                            b = super.read();
                        } catch (IOException e) {
                            throw seen(e);
                        }
                        if (b >= 0) bytesRead++;
                        else peerClosed = true;
                        return b;
                    }

                    @Override
                    public int read(byte[] b, int off, int len) throws IOException {
                        int n;
                        try {
                            n = super.read(b, off, len);
                        } catch (IOException e) {
                            throw seen(e);
                        }
                        if (n > 0) bytesRead += n;
                        else if (n < 0) peerClosed = true;
                        return n;
                    }
                };
            }
            return in;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (out == null) {
                out = new FilterOutputStream(super.getOutputStream()) {
                    @Override
                    public void write(int b) throws IOException {
                        try {
                            super.out.write(b);
                        } catch (IOException e) {
                            throw seen(e);
                        }
                    }

                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        try {
                            super.out.write(b, off, len); // not FilterOutputStream's byte-at-a-time loop
                        } catch (IOException e) {
                            throw seen(e);
                        }
                    }
                };
            }
            return out;
        }
    }
}
