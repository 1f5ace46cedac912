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
 * <p>Ownership: the reader thread owns it while it dials and while it carries an exchange the reader
 * started; the sender takes an idle one by {@link #take} (IDLE → BUSY), the reader retires an idle one by
 * {@link #retire} (IDLE → CLOSED, the peer closing it or the idle timeout): one compare-and-set decides, so a socket
 * is never written while it is being closed. The sender publishes {@link #exchange} before its compare-and-set, so a
 * reader that sees BUSY sees the exchange. Everything else is the reader's.
 */
final class PushLoopConnection {
    static final int DIALLING = 0;
    static final int BUSY = 1;
    static final int IDLE = 2;
    static final int CLOSED = 3;
    private static final java.lang.invoke.VarHandle STATE;

    static {
        try {
            STATE = java.lang.invoke.MethodHandles.lookup().findVarHandle(PushLoopConnection.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Selector selector;
    private final InetSocketAddress[] addresses;
    private final ConnectionTally tally;
    final PushAnswerParser parser;
    private SocketChannel channel;
    private SelectionKey key;
    private int address;
    private boolean open;
    private volatile int state = DIALLING;
    /** Whether {@link #close} ran (a socket retired by {@link #retire} is CLOSED before it is closed). */
    private boolean closedOnce;
    /** Whether the peer had ended the socket before the loop closed it ({@link ConnectionTally#closedByPeer()}). */
    boolean peerClosed;
    /** Whether an exchange was answered on it before (a failure on it may be a stale keep-alive socket). */
    boolean used;
    /** When the reader last put it in the idle stack ({@link System#nanoTime()}); written before it is IDLE. */
    long idleSince;
    /** The exchange it carries (meaningful while BUSY or dialling); the sender writes it before {@link #take}. */
    volatile PushLoopExchange<?> exchange;
    /** The unwritten rest of the request after a partial write, or null. */
    private ByteBuffer pending;
    /** The sender's one-byte buffer for {@link #alive}. */
    private ByteBuffer probe;

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
                key = channel.register(selector, SelectionKey.OP_READ, this);
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
            interest(false);
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

    int state() {
        return state;
    }

    /** The reader makes it BUSY (a dialled socket or one handed to a waiting exchange). */
    void busy() {
        state = BUSY;
    }

    /** The reader puts it in the idle stack: its parser fresh, no exchange. */
    void idle(long now) {
        parser.reset();
        exchange = null;
        idleSince = now;
        state = IDLE;
    }

    /** The sender takes it for a request: false when the reader retired it first. */
    boolean take() {
        return STATE.compareAndSet(this, IDLE, BUSY);
    }

    /** The reader retires it while idle: false when the sender took it first. */
    boolean retire() {
        return STATE.compareAndSet(this, IDLE, CLOSED);
    }

    private void opened() {
        open = true;
        tally.onOpened();
    }

    /**
     * Writes {@code request} (the encoder's buffer); what the socket does not take now is kept for OP_WRITE (the
     * reader's, once the writer hands it over). Called by the thread that owns the BUSY socket.
     */
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

    /**
     * Sender, on an idle socket it is about to take: whether the peer has not ended it (a non-blocking read of
     * nothing; an EOF, a reset or a stray byte all say it is gone). One read, done only for a socket idle a while: the
     * reader may not have run since the peer's close (a GC pause, a starved core), and a request written there would
     * need a re-send.
     */
    boolean alive() {
        if (probe == null) probe = ByteBuffer.allocate(1);
        probe.clear();
        try {
            return channel.read(probe) == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads into {@code buf} (cleared first); -1 at EOF. */
    int read(ByteBuffer buf) throws IOException {
        buf.clear();
        return channel.read(buf);
    }

    /** Readable always (an idle socket becoming readable is the peer closing it); writable while a write is partial. */
    void interest(boolean write) {
        int ops = SelectionKey.OP_READ | (write ? SelectionKey.OP_WRITE : 0);
        if (key.isValid() && key.interestOps() != ops) key.interestOps(ops);
    }

    /** Reader only (or the caller before the loop starts). */
    void close() {
        if (closedOnce) return;
        closedOnce = true;
        state = CLOSED;
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
        return closedOnce;
    }
}
