package dev.goload.client;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
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

    /** A plain socket that counts the bytes read from it (one counter per socket; one reader at a time). */
    static final class CountingSocket extends Socket {
        private volatile long bytesRead;
        private InputStream in;

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (in == null) {
                in = new FilterInputStream(super.getInputStream()) {
                    @Override
                    public int read() throws IOException {
                        int b = super.read();
                        if (b >= 0) bytesRead++;
                        return b;
                    }

                    @Override
                    public int read(byte[] b, int off, int len) throws IOException {
                        int n = super.read(b, off, len);
                        if (n > 0) bytesRead += n;
                        return n;
                    }
                };
            }
            return in;
        }
    }
}
