package dev.goload.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The reader thread of {@link PushFloor}: one {@link Selector} with every socket registered for reading, as the push
 * loop's reader has, and only enough parsing to find where each answer ends (the head's blank line, then
 * {@code Content-Length} bytes) and whether it was 2xx; the body is skipped unread. A socket whose answer ended is
 * handed back to the sender by clearing its flag in {@code busy}. On {@link FloorPattern#PIGGYBACK} and
 * {@link FloorPattern#NETPOLL} it also sends what is due after each select ({@link FloorSends}).
 *
 * <p>Deliberately not the loop's {@code PushAnswerParser}/{@code Http1Head}: those check the status line and every
 * header field, decide the framing (chunked, read to close, 1xx) and collect the body for the result decoder, all
 * goload's own work, which the floor exists to leave out; counting it here would shrink {@code goloadOverFloor}. The
 * floor needs only the answer's end, so its one known endpoint must answer with a {@code Content-Length}; anything
 * else is counted {@code broken} and fails the run instead of being parsed.
 *
 * <p>Threading: {@link #run} on its own thread; the counters are written by it alone and read by others
 * (volatile); {@link #stop} from any thread.
 */
final class PushFloorAnswers implements Runnable {
    /** Longest answer head accepted: the fixed endpoint's are a few hundred bytes. */
    static final int MAX_HEAD = 8192;
    private static final byte[] STATUS_PREFIX = "HTTP/1.1 ".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] LENGTH_FIELD = "\r\ncontent-length:".getBytes(StandardCharsets.ISO_8859_1);

    private final Selector selector;
    private final AtomicIntegerArray busy;
    private final ByteBuffer in = ByteBuffer.allocateDirect(64 * 1024);
    private final byte[][] heads;
    private final int[] headLen;
    /** Body bytes still to skip per socket; -1 while its head is being read. */
    private final long[] bodyLeft;
    private volatile boolean stopping;
    volatile long answered;
    volatile long non2xx;
    /** Sockets the peer closed, bytes no request asked for, heads that did not parse. */
    volatile long broken;
    volatile Throwable died;

    /** Sends made on this thread ({@link FloorPattern#PIGGYBACK}, {@link FloorPattern#NETPOLL}); null: none. */
    private final FloorSends sends;
    private final boolean netpoll;

    PushFloorAnswers(Selector selector, SocketChannel[] sockets, AtomicIntegerArray busy) throws IOException {
        this(selector, sockets, busy, null, FloorPattern.SPLIT);
    }

    PushFloorAnswers(Selector selector, SocketChannel[] sockets, AtomicIntegerArray busy, FloorSends sends,
                     FloorPattern pattern) throws IOException {
        this.selector = selector;
        this.busy = busy;
        this.sends = pattern == FloorPattern.PIGGYBACK || pattern == FloorPattern.NETPOLL ? sends : null;
        this.netpoll = pattern == FloorPattern.NETPOLL;
        int n = sockets.length;
        heads = new byte[n][MAX_HEAD];
        headLen = new int[n];
        bodyLeft = new long[n];
        java.util.Arrays.fill(bodyLeft, -1);
        for (int i = 0; i < n; i++) sockets[i].register(selector, SelectionKey.OP_READ, i);
    }

    @Override
    public void run() {
        try {
            while (!stopping) {
                selector.select(this::onKey, timeoutMillis());
                // after the reads: the answers just read freed their sockets
                if (sends != null) sends.sendDue(false);
            }
        } catch (IOException | RuntimeException e) {
            died = e;
        }
    }

    /**
     * How long the next select may block: 100 ms (a stop's wake-up ends it), or on {@link FloorPattern#NETPOLL} until
     * the next send in whole milliseconds as Go's {@code netpoll} computes it (under 1 ms: 1; else truncated), 1 ms
     * while a due request waits for a free socket (an answer wakes it sooner).
     */
    private long timeoutMillis() {
        if (!netpoll || sends.over()) return 100;
        long wait = sends.next() - System.nanoTime();
        return wait < 1_000_000 ? 1 : wait / 1_000_000;
    }

    void stop() {
        stopping = true;
        selector.wakeup();
    }

    private void onKey(SelectionKey k) {
        int i = (Integer) k.attachment();
        SocketChannel ch = (SocketChannel) k.channel();
        try {
            for (;;) {
                in.clear();
                int r = ch.read(in);
                if (r < 0) {
                    broken++;
                    k.cancel();
                    ch.close();
                    return;
                }
                if (r == 0) return;
                in.flip();
                consume(i);
                if (r < in.capacity()) return;
            }
        } catch (IOException e) {
            broken++;
            k.cancel();
        }
    }

    /** Walks the bytes just read on socket {@code i}: head bytes collected, body bytes counted off. */
    private void consume(int i) {
        while (in.hasRemaining()) {
            if (bodyLeft[i] < 0) {
                if (busy.get(i) == 0) { // nothing was asked on this socket: these bytes answer no request
                    broken++;
                    in.position(in.limit());
                    return;
                }
                headByte(i, in.get());
            } else {
                int n = (int) Math.min(bodyLeft[i], in.remaining());
                in.position(in.position() + n);
                bodyLeft[i] -= n;
            }
            if (bodyLeft[i] == 0) answerEnded(i);
        }
    }

    private void headByte(int i, byte b) {
        byte[] h = heads[i];
        if (headLen[i] == MAX_HEAD) {
            broken++;
            headLen[i] = 0;
            return;
        }
        h[headLen[i]++] = b;
        int n = headLen[i];
        if (n >= 4 && b == '\n' && h[n - 2] == '\r' && h[n - 3] == '\n' && h[n - 4] == '\r') endOfHead(i, n);
    }

    private void endOfHead(int i, int n) {
        byte[] h = heads[i];
        headLen[i] = 0;
        long length = contentLength(h, n);
        if (length < 0 || n < 12 || !startsWith(h, STATUS_PREFIX)) {
            broken++; // not an answer the floor understands: not counted, the socket given back
            busy.set(i, 0);
            return;
        }
        if (h[9] != '2') non2xx++;
        bodyLeft[i] = length;
    }

    private static boolean startsWith(byte[] h, byte[] prefix) {
        for (int k = 0; k < prefix.length; k++) if (h[k] != prefix[k]) return false;
        return true;
    }

    private void answerEnded(int i) {
        bodyLeft[i] = -1;
        answered++; // single writer
        busy.set(i, 0);
    }

    /**
     * The {@code Content-Length} value of the head in {@code h[0, n)} (ending in its blank line), or -1 when it has
     * none or not one of digits (the floor needs one). Read in place, no String per answer: the floor's own work.
     */
    static long contentLength(byte[] h, int n) {
        int last = n - LENGTH_FIELD.length;
        for (int at = 0; at <= last; at++) {
            if (!fieldAt(h, at)) continue;
            int p = at + LENGTH_FIELD.length;
            while (p < n && (h[p] == ' ' || h[p] == '\t')) p++;
            long v = 0;
            int digits = 0;
            for (; p < n && h[p] >= '0' && h[p] <= '9' && digits < 18; p++, digits++) v = v * 10 + (h[p] - '0');
            while (p < n && (h[p] == ' ' || h[p] == '\t')) p++;
            return digits > 0 && p < n && h[p] == '\r' ? v : -1;
        }
        return -1;
    }

    /** Whether {@code "\r\ncontent-length:"}, in any case, starts at {@code h[at]}. */
    private static boolean fieldAt(byte[] h, int at) {
        for (int k = 0; k < LENGTH_FIELD.length; k++) {
            int b = h[at + k];
            if (b >= 'A' && b <= 'Z') b += 'a' - 'A';
            if (b != LENGTH_FIELD[k]) return false;
        }
        return true;
    }
}
