package dev.goload.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The reader thread of {@link PushFloor}: one {@link Selector} with every socket registered for reading, as the push
 * loop's reader has, and only enough parsing to find where each answer ends (the head's blank line, then
 * {@code Content-Length} bytes) and whether it was 2xx; the body is skipped unread. A socket whose answer ended is
 * handed back to the sender by clearing its flag in {@code busy}.
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

    PushFloorAnswers(Selector selector, SocketChannel[] sockets, AtomicIntegerArray busy) throws IOException {
        this.selector = selector;
        this.busy = busy;
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
            while (!stopping) selector.select(this::onKey, 100);
        } catch (IOException | RuntimeException e) {
            died = e;
        }
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
        String head = new String(heads[i], 0, n, StandardCharsets.ISO_8859_1);
        headLen[i] = 0;
        long length = contentLength(head);
        if (length < 0 || !head.startsWith("HTTP/1.1 ") || head.length() < 12) {
            broken++; // not an answer the floor understands: not counted, the socket given back
            busy.set(i, 0);
            return;
        }
        if (head.charAt(9) != '2') non2xx++;
        bodyLeft[i] = length;
    }

    private void answerEnded(int i) {
        bodyLeft[i] = -1;
        answered++; // single writer
        busy.set(i, 0);
    }

    /** The {@code Content-Length} value of an answer head, or -1 when it has none (the floor needs one). */
    static long contentLength(String head) {
        String lower = head.toLowerCase(Locale.ROOT);
        int at = lower.indexOf("\r\ncontent-length:");
        if (at < 0) return -1;
        int from = at + "\r\ncontent-length:".length();
        int to = lower.indexOf('\r', from);
        try {
            return Long.parseLong(lower.substring(from, to).strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
