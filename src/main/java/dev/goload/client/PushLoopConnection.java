package dev.goload.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * One non-blocking keep-alive socket of a {@link PushLoop}: its connect (over the host's addresses in turn, as
 * {@link Http1Connection#connect} tries them), the unwritten rest of a partial write, its answer parser and the
 * exchange it carries. Counted in the {@link ConnectionTally} once connected and once closed, like an
 * {@link Http1Connection}.
 *
 * <p>Not thread-safe: owned by the loop thread.
 */
final class PushLoopConnection {
    private final Selector selector;
    private final InetSocketAddress[] addresses;
    private final ConnectionTally tally;
    final PushAnswerParser parser;
    private SocketChannel channel;
    private SelectionKey key;
    private int address;
    private boolean open;
    private boolean closed;
    /** Whether the peer had ended the socket before the loop closed it ({@link ConnectionTally#closedByPeer()}). */
    boolean peerClosed;
    /** Whether an exchange was answered on it before (a failure on it may be a stale keep-alive socket). */
    boolean used;
    /** When the loop last put it in the idle stack ({@link System#nanoTime()}). */
    long idleSince;
    /** The exchange it carries, or null while idle or dialling ahead. */
    PushLoopExchange<?> exchange;
    /** The unwritten rest of the request after a partial write, or null. */
    private ByteBuffer pending;

    PushLoopConnection(Selector selector, InetSocketAddress[] addresses, ConnectionTally tally, String origin)
            throws IOException {
        this.selector = selector;
        this.addresses = addresses;
        this.tally = tally;
        this.parser = new PushAnswerParser(origin);
        dial();
    }

    private void dial() throws IOException {
        channel = SocketChannel.open();
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            if (channel.connect(addresses[address])) {
                opened();
                key = channel.register(selector, 0, this);
            } else {
                key = channel.register(selector, SelectionKey.OP_CONNECT, this);
            }
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    boolean connected() {
        return open;
    }

    /**
     * Completes a connect the selector reported; a failure moves on to the host's next address.
     *
     * @return true once connected; false while the next address is being tried
     * @throws IOException when the last address failed
     */
    boolean finishConnect() throws IOException {
        try {
            if (!channel.finishConnect()) return false;
            opened();
            return true;
        } catch (IOException e) {
            if (address == addresses.length - 1) throw e;
            key.cancel();
            channel.close();
            address++;
            dial();
            return open;
        }
    }

    private void opened() {
        open = true;
        tally.onOpened();
    }

    /** Writes {@code request} (the encoder's buffer); what the socket does not take now is kept for OP_WRITE. */
    boolean write(ByteBuffer request) throws IOException {
        channel.write(request);
        if (!request.hasRemaining()) return true;
        pending = ByteBuffer.allocate(request.remaining()).put(request).flip();
        return false;
    }

    /** Writes the rest of a partial write; true once it is all on the wire. */
    boolean flush() throws IOException {
        if (pending == null) return true;
        channel.write(pending);
        if (pending.hasRemaining()) return false;
        pending = null;
        return true;
    }

    /** Reads into {@code buf} (cleared first); -1 at EOF. */
    int read(ByteBuffer buf) throws IOException {
        buf.clear();
        return channel.read(buf);
    }

    void interest(int ops) {
        if (key.isValid() && key.interestOps() != ops) key.interestOps(ops);
    }

    void close() {
        if (closed) return;
        closed = true;
        pending = null;
        if (open) tally.onClosed(peerClosed);
        if (key != null) key.cancel();
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is best effort
        }
    }

    boolean closed() {
        return closed;
    }
}
