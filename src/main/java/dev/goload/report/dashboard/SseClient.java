package dev.goload.report.dashboard;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One browser's event stream. The publisher only {@link #offer}s (never blocks); the client's own server thread
 * {@link #pump}s the queue into the socket. A client more than {@code capacity} events behind is dropped: its queue
 * is cleared and its thread interrupted, which closes its blocking socket channel even in the middle of a write (the
 * JDK server's channels are interruptible), so a stuck browser costs one of the dashboard's threads for at most the
 * time to notice, never the run's.
 */
final class SseClient {
    /** Ends a stream after the final event. */
    static final byte[] END = new byte[0];

    private final BlockingQueue<byte[]> queue;
    private volatile Thread writer;
    private volatile boolean dropped;
    private volatile boolean ended;

    SseClient(int capacity) {
        this.queue = new ArrayBlockingQueue<>(capacity);
    }

    /** Queues one encoded event; drops the client when it is too far behind. Returns false when dropped. */
    boolean offer(byte[] event) {
        if (dropped) return false;
        if (queue.offer(event)) return true;
        drop();
        return false;
    }

    /** Stops the stream: the queue is cleared and the writing thread interrupted (its channel closes). */
    void drop() {
        dropped = true;
        queue.clear();
        Thread t = writer;
        if (t != null) t.interrupt();
    }

    boolean dropped() {
        return dropped;
    }

    /** True once the stream ended (dropped, closed by the browser, or {@link #END} written). */
    boolean ended() {
        return ended;
    }

    /** Writes queued events until {@link #END}, a drop, or the browser going away; on the client's thread. */
    void pump(OutputStream out) {
        writer = Thread.currentThread();
        try {
            if (dropped) return;
            while (!dropped) {
                byte[] e = queue.poll(1, TimeUnit.SECONDS);
                if (e == null) continue;
                if (e == END) break;
                out.write(e);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            dropped = true; // the browser went away, or the drop interrupted the write
        } finally {
            ended = true;
            writer = null;
            Thread.interrupted(); // the pool's thread goes back clean
        }
    }
}
