package dev.goload.endpoint;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A minimal HTTP/1.1 keep-alive server for canned answers: selector loops that parse the request line and
 * {@code Content-Length}, discard the body as it streams in (never buffering it), and write one pre-built
 * response (status line, headers and body in one direct buffer, shared read-only by every connection). It
 * exists because the JDK HttpServer spends more CPU per request than the loader under test; this one costs a
 * few microseconds plus the copy of the bytes.
 *
 * <p>Not a general server: no chunked request bodies (answered 411 and closed), no pipelining beyond
 * answering requests in order, no TLS. Threading: {@code loops} selector threads; connections are handed to
 * them round-robin by the first loop, which also accepts. The {@link Routes} callback runs on loop threads.
 */
final class NioHttpServer implements AutoCloseable {
    /** Picks the canned response (a read-only buffer) for one request. */
    interface Routes {
        ByteBuffer answer(String method, String path);
    }

    private static final int MAX_HEADER = 16 * 1024;

    private final ServerSocketChannel server;
    private final Loop[] loops;
    private final Routes routes;
    private final Thread[] threads;
    private volatile boolean closed;
    private int next;

    NioHttpServer(InetSocketAddress bind, int loopCount, Routes routes) throws IOException {
        this.routes = routes;
        this.server = ServerSocketChannel.open();
        server.bind(bind, 4096);
        server.configureBlocking(false);
        this.loops = new Loop[Math.max(1, loopCount)];
        for (int i = 0; i < loops.length; i++) loops[i] = new Loop(i);
        this.threads = new Thread[loops.length];
        server.register(loops[0].selector, SelectionKey.OP_ACCEPT);
    }

    int port() {
        return ((InetSocketAddress) server.socket().getLocalSocketAddress()).getPort();
    }

    void start() {
        for (Loop l : loops) threads[l.index] = Thread.ofPlatform().name("fixed-endpoint-" + l.index).daemon(false).start(l);
    }

    /** Waits until {@link #close()} has stopped every selector thread (at once when it was never started). */
    void awaitClosed() throws InterruptedException {
        for (Thread t : threads) if (t != null) t.join();
    }

    /** A complete response (status line, headers, body) as a direct read-only buffer. */
    static ByteBuffer response(int status, String reason, byte[] body) {
        byte[] head = ("HTTP/1.1 " + status + " " + reason + "\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocateDirect(head.length + body.length);
        b.put(head).put(body).flip();
        return b.asReadOnlyBuffer();
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        for (Loop l : loops) l.selector.wakeup();
    }

    /** Per-connection parse state. */
    private static final class Conn {
        byte[] header = new byte[512]; // grown on demand: thousands of idle connections must stay cheap
        int headerLen;
        long bodyLeft = -1; // -1: reading headers
        ByteBuffer answer;   // the response chosen for the request being read
        ByteBuffer pending;  // a response not yet fully written
        boolean closeAfter;
    }

    private final class Loop implements Runnable {
        final int index;
        final Selector selector;
        final ConcurrentLinkedQueue<SocketChannel> incoming = new ConcurrentLinkedQueue<>();
        final ByteBuffer in = ByteBuffer.allocateDirect(64 * 1024);

        Loop(int index) throws IOException {
            this.index = index;
            this.selector = Selector.open();
        }

        @Override
        public void run() {
            try {
                while (!closed) {
                    selector.select();
                    for (SocketChannel c; (c = incoming.poll()) != null; ) {
                        c.register(selector, SelectionKey.OP_READ, new Conn());
                    }
                    Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                    while (it.hasNext()) {
                        SelectionKey k = it.next();
                        it.remove();
                        try {
                            if (!k.isValid()) continue;
                            if (k.isAcceptable()) accept();
                            else if (k.isWritable()) flush(k);
                            else if (k.isReadable()) read(k);
                        } catch (IOException e) {
                            k.cancel();
                            k.channel().close();
                        }
                    }
                }
            } catch (IOException e) {
                if (!closed) throw new java.io.UncheckedIOException(e);
            } finally {
                for (SelectionKey k : selector.keys()) {
                    try {
                        k.channel().close();
                    } catch (IOException ignored) {
                        // closing anyway
                    }
                }
                try {
                    selector.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        }

        private void accept() throws IOException {
            for (SocketChannel c; (c = server.accept()) != null; ) {
                c.configureBlocking(false);
                c.setOption(StandardSocketOptions.TCP_NODELAY, true);
                Loop target = loops[next++ % loops.length];
                if (target == this) {
                    c.register(selector, SelectionKey.OP_READ, new Conn());
                } else {
                    target.incoming.add(c);
                    target.selector.wakeup();
                }
            }
        }

        private void read(SelectionKey k) throws IOException {
            SocketChannel ch = (SocketChannel) k.channel();
            Conn c = (Conn) k.attachment();
            in.clear();
            int n = ch.read(in);
            if (n < 0) {
                k.cancel();
                ch.close();
                return;
            }
            in.flip();
            while (in.hasRemaining() && c.pending == null) {
                if (c.bodyLeft < 0) {
                    if (!readHeader(c)) break;
                } else if (c.bodyLeft > 0) {
                    int skip = (int) Math.min(c.bodyLeft, in.remaining());
                    in.position(in.position() + skip);
                    c.bodyLeft -= skip;
                }
                if (c.bodyLeft == 0) {
                    c.bodyLeft = -1;
                    c.pending = c.answer;
                    c.answer = null;
                    respond(k, ch, c);
                }
            }
            if (in.hasRemaining()) {
                // a pipelined request arrived while a response is still being written: rare, keep it simple
                c.closeAfter = true;
            }
        }

        /** Copies header bytes until the blank line; then parses. False when more bytes are needed. */
        private boolean readHeader(Conn c) throws IOException {
            while (in.hasRemaining()) {
                if (c.headerLen == c.header.length) {
                    if (c.headerLen == MAX_HEADER) throw new IOException("request header too large");
                    c.header = java.util.Arrays.copyOf(c.header, Math.min(MAX_HEADER, c.headerLen * 2));
                }
                byte b = in.get();
                c.header[c.headerLen++] = b;
                int n = c.headerLen;
                if (b == '\n' && n >= 4 && c.header[n - 2] == '\r' && c.header[n - 3] == '\n' && c.header[n - 4] == '\r') {
                    parse(c);
                    return true;
                }
            }
            return false;
        }

        private void parse(Conn c) {
            String h = new String(c.header, 0, c.headerLen, StandardCharsets.ISO_8859_1);
            c.headerLen = 0;
            int sp1 = h.indexOf(' ');
            int sp2 = h.indexOf(' ', sp1 + 1);
            String method = h.substring(0, sp1);
            String target = h.substring(sp1 + 1, sp2);
            int q = target.indexOf('?');
            String path = q >= 0 ? target.substring(0, q) : target;
            long length = 0;
            String lower = h.toLowerCase(java.util.Locale.ROOT);
            int cl = lower.indexOf("\r\ncontent-length:");
            if (cl >= 0) {
                int end = lower.indexOf('\r', cl + 2);
                length = Long.parseLong(lower.substring(cl + 17, end).trim());
            }
            c.closeAfter = lower.contains("\r\nconnection: close");
            if (lower.contains("\r\ntransfer-encoding:")) {
                c.closeAfter = true;
                c.answer = response(411, "Length Required", new byte[0]).duplicate();
                c.bodyLeft = 0;
                return;
            }
            c.answer = routes.answer(method, path).duplicate();
            c.bodyLeft = length;
        }

        private void respond(SelectionKey k, SocketChannel ch, Conn c) throws IOException {
            ch.write(c.pending);
            if (c.pending.hasRemaining()) {
                k.interestOps(SelectionKey.OP_WRITE);
                return;
            }
            c.pending = null;
            if (c.closeAfter) {
                k.cancel();
                ch.close();
            }
        }

        private void flush(SelectionKey k) throws IOException {
            SocketChannel ch = (SocketChannel) k.channel();
            Conn c = (Conn) k.attachment();
            ch.write(c.pending);
            if (c.pending.hasRemaining()) return;
            c.pending = null;
            if (c.closeAfter) {
                k.cancel();
                ch.close();
                return;
            }
            k.interestOps(SelectionKey.OP_READ);
        }
    }
}
