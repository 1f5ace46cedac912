package dev.goload.client;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * Plain sockets with TCP_NODELAY (unconnected ones counting the bytes read from them, see {@link OkHttpSocketProbe}). A push is written as headers then a streamed body; with Nagle on, the
 * body segment waits for the server's delayed ACK (~40 ms on Linux), which would be measured as broker
 * latency. Go's net/http sets TCP_NODELAY by default, so the reference never saw this.
 */
final class NoDelaySocketFactory extends SocketFactory {
    private final SocketFactory delegate = SocketFactory.getDefault();
    private final ConnectionTally tally;

    /** {@code tally} counts the sockets OkHttp connects and closes (see {@link OkHttpSocketProbe.CountingSocket}). */
    NoDelaySocketFactory(ConnectionTally tally) {
        this.tally = tally;
    }

    private static Socket noDelay(Socket s) throws IOException {
        s.setTcpNoDelay(true);
        return s;
    }

    @Override
    public Socket createSocket() throws IOException {
        // OkHttp creates unconnected sockets: these count the bytes read, the connect and the close (OkHttpSocketProbe)
        return noDelay(new OkHttpSocketProbe.CountingSocket(tally));
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return noDelay(delegate.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return noDelay(delegate.createSocket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return noDelay(delegate.createSocket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return noDelay(delegate.createSocket(address, port, localAddress, localPort));
    }
}
