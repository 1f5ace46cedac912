package dev.goload.bench;

import dev.goload.client.ClientConfig;
import dev.goload.client.LoopPushBytes;
import dev.goload.modes.Payloads;
import dev.goload.pace.ArrivalSchedule;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The machine's floor under the openloop push loop ({@code scripts/bench}'s {@code floor} phase): the same
 * syscall pattern with none of goload's work. One request, the bytes a loop push of {@code batch} x
 * {@code payloadBytes} sends ({@link LoopPushBytes}), encoded once; one thread paced by the openloop
 * schedule ({@link ArrivalSchedule#uniform}, ramp included) waiting with one {@code parkNanos} per instant, writing
 * the request non-blocking on the lowest free of {@code connections} keep-alive sockets; a second thread reading the
 * answers in a Selector ({@link PushFloorAnswers}). Its whole-process CPU per message is what 5,000 writes and
 * 5,000 wake-ups a second cost this JVM and kernel; goload's over it is goload's own work. That is the default
 * pattern, the push loop's ({@link FloorPattern#SPLIT}); {@link Config#pattern} measures other ways of waiting for
 * the sends ({@link FloorSends}, {@link FloorPacer}) with each send's lateness and the steady window's wake-ups per
 * request by thread ({@link TaskCounters}), for {@code scripts/floor-patterns}.
 *
 * <p>The run is judged: complete only when every scheduled request was sent, every one answered, all 2xx, nothing
 * unexpected on a socket ({@link Result#complete()}); {@link #main} exits 1 otherwise, so a floor that stopped
 * counting cannot pass for a cheap one.
 *
 * <p>Not thread-safe: one {@link #run} at a time.
 */
public final class PushFloor {
    /**
     * The floor run's shape; {@code drainMillis}: how long to wait for the last answers after the schedule ends;
     * {@code pattern}: which thread sends how ({@link FloorPattern}; the push loop's is {@link FloorPattern#SPLIT});
     * {@code windowNanos}: {@link FloorPattern#WINDOW}'s grid.
     */
    public record Config(String url, double requestsPerSecond, double rampSeconds, double durationSeconds, int batch,
                         int payloadBytes, int connections, long drainMillis, FloorPattern pattern, long windowNanos) {
        public Config {
            if (!(requestsPerSecond > 0) || !(durationSeconds > 0) || batch <= 0 || connections <= 0 || payloadBytes < 0) {
                throw new IllegalArgumentException("rate, duration, batch and connections must be > 0, payload >= 0");
            }
            if (!(rampSeconds >= 0) || rampSeconds > durationSeconds) {
                throw new IllegalArgumentException("ramp must be >= 0 and at most the duration, got ramp " + rampSeconds
                        + " s of " + durationSeconds + " s");
            }
            if (pattern == FloorPattern.WINDOW && windowNanos <= 0) throw new IllegalArgumentException("window must be > 0");
        }

        /** The push loop's pattern. */
        public Config(String url, double requestsPerSecond, double rampSeconds, double durationSeconds, int batch,
                      int payloadBytes, int connections, long drainMillis) {
            this(url, requestsPerSecond, rampSeconds, durationSeconds, batch, payloadBytes, connections, drainMillis,
                    FloorPattern.SPLIT, 1_000_000);
        }
    }

    /**
     * What the run did. {@code noFreeSocket}: due requests not sent because every socket was waiting for an answer;
     * {@code partialWrites}: writes the kernel took in more than one call (finished by spinning); {@code lateness}:
     * the sends' lateness percentiles; {@code steady}: per-request switches and CPU by thread after the ramp
     * ({@link TaskCounters}), "{}" when the run had no steady second.
     */
    public record Result(long scheduled, long sent, long answered, long non2xx, long broken, long noFreeSocket,
                         long socketWaits, long partialWrites, int requestBytes, int batch, String pattern,
                         long sendingPasses, String lateness, String steady) {
        public boolean complete() {
            return scheduled > 0 && sent == scheduled && answered == sent && non2xx == 0 && broken == 0
                    && noFreeSocket == 0;
        }

        public long messages() {
            return answered * batch;
        }

        String json() {
            return String.format(Locale.ROOT, "{\"schema\":\"goload.floor/1\",\"scheduled\":%d,\"sent\":%d,"
                            + "\"answered\":%d,\"non2xx\":%d,\"broken\":%d,\"noFreeSocket\":%d,\"socketWaits\":%d,"
                            + "\"partialWrites\":%d,"
                            + "\"requestBytes\":%d,\"batch\":%d,\"messages\":%d,\"complete\":%b,\"pattern\":\"%s\","
                            + "\"sendingPasses\":%d,\"lateMicros\":%s,\"steadyPerRequest\":%s}",
                    scheduled, sent, answered, non2xx, broken, noFreeSocket, socketWaits, partialWrites, requestBytes, batch,
                    messages(), complete(), pattern, sendingPasses, lateness, steady);
        }
    }

    private PushFloor() {}

    public static Result run(Config c) throws IOException, InterruptedException {
        byte[] request = LoopPushBytes.encode(ClientConfig.of(c.url()), "bench", "p0",
                new Payloads(c.payloadBytes(), "goload-ol").plain(), c.batch());
        URI u = URI.create(c.url());
        InetSocketAddress address = new InetSocketAddress(u.getHost(), u.getPort());
        int n = c.connections();
        SocketChannel[] sockets = new SocketChannel[n];
        ByteBuffer[] views = new ByteBuffer[n];
        ByteBuffer direct = ByteBuffer.allocateDirect(request.length).put(request).flip();
        AtomicIntegerArray busy = new AtomicIntegerArray(n);
        try (Selector selector = Selector.open()) {
            for (int i = 0; i < n; i++) {
                sockets[i] = SocketChannel.open(address); // dialled ahead, as the loop's warm-up does
                sockets[i].setOption(StandardSocketOptions.TCP_NODELAY, true);
                sockets[i].configureBlocking(false);
                views[i] = direct.duplicate();
            }
            FloorSends s = new FloorSends(sockets, views, busy, c);
            PushFloorAnswers answers = new PushFloorAnswers(selector, sockets, busy, s, c.pattern());
            Thread reader = Thread.ofPlatform().name("floor-reader").daemon().start(answers);
            FloorPacer pacer = new FloorPacer(s, c.pattern(), c.windowNanos());
            Thread sender = c.pattern() == FloorPattern.NETPOLL ? null
                    : Thread.ofPlatform().name("floor-sender").daemon().start(pacer);
            String steady = steadyCounters(s, c);
            while (!s.over() && reader.isAlive() && (sender == null || sender.isAlive())) {
                LockSupport.parkNanos(5_000_000);
            }
            if (sender != null) sender.join();
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(c.drainMillis());
            while (answers.answered + answers.broken < s.sent && System.nanoTime() < until && reader.isAlive()) {
                LockSupport.parkNanos(1_000_000);
            }
            answers.stop();
            reader.join();
            if (answers.died != null) throw new IOException("the floor's reader died", answers.died);
            if (pacer.died != null) throw new IOException("the floor's sender died", pacer.died);
            return new Result(s.scheduled, s.sent, answers.answered, answers.non2xx, answers.broken, s.noFreeSocket,
                    s.socketWaits, s.partialWrites, request.length, c.batch(), c.pattern().label(), s.sendingPasses,
                    latenessJson(s), steady);
        } finally {
            for (SocketChannel ch : sockets) if (ch != null) ch.close();
        }
    }

    /**
     * Sleeps through the run (no wake-up of its own to count), snapshotting the threads' counters from 1 s after the
     * ramp to 0.5 s before the end: the steady window, at the full rate.
     */
    private static String steadyCounters(FloorSends s, Config c) {
        long from = s.start + (long) ((c.rampSeconds() + 1) * 1e9);
        long to = s.end - 500_000_000L;
        if (to - from < 1_000_000_000L) return "{}";
        sleepUntil(from);
        TaskCounters before = TaskCounters.snapshot();
        sleepUntil(to);
        TaskCounters after = TaskCounters.snapshot();
        return TaskCounters.perRequestJson(before, after, c.requestsPerSecond() * (to - from) / 1e9);
    }

    private static void sleepUntil(long instant) {
        for (long w; (w = instant - System.nanoTime()) > 0; ) LockSupport.parkNanos(w);
    }

    /** {@code {"send":{...},"wake":{...}}}: {@link FloorSends#lateness} and {@link FloorSends#wakeLateness}, in us. */
    private static String latenessJson(FloorSends s) {
        return "{\"send\":" + percentiles(s.lateness) + ",\"wake\":" + percentiles(s.wakeLateness) + "}";
    }

    private static String percentiles(org.HdrHistogram.Histogram h) {
        return String.format(Locale.ROOT, "{\"p50\":%.1f,\"p90\":%.1f,\"p99\":%.1f,\"p999\":%.1f,\"max\":%.1f,"
                        + "\"mean\":%.1f,\"count\":%d}", h.getValueAtPercentile(50) / 1e3,
                h.getValueAtPercentile(90) / 1e3, h.getValueAtPercentile(99) / 1e3,
                h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3, h.getMean() / 1e3, h.getTotalCount());
    }

    /**
     * {@code PushFloor [-pattern P] [-window-us N] URL RATE RAMP_SEC DURATION_SEC BATCH PAYLOAD_BYTES CONNECTIONS}: runs
     * the floor with pattern P ({@link FloorPattern}, default split), prints its
     * {@link Result} as one JSON line, exits 1 unless it is {@link Result#complete()}.
     */
    public static void main(String[] args) throws Exception {
        FloorPattern pattern = FloorPattern.SPLIT;
        long windowNanos = 1_000_000;
        int at = 0;
        try {
            for (; at + 1 < args.length && args[at].startsWith("-"); at += 2) {
                switch (args[at]) {
                    case "-pattern" -> pattern = FloorPattern.parse(args[at + 1]);
                    case "-window-us" -> windowNanos = Long.parseLong(args[at + 1]) * 1_000;
                    default -> throw new IllegalArgumentException("unknown option " + args[at]);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("PushFloor: " + e.getMessage());
            System.exit(2);
        }
        if (args.length - at != 7) {
            System.err.println("usage: PushFloor [-pattern split|window|piggyback|netpoll] [-window-us N] "
                    + "URL RATE RAMP_SEC DURATION_SEC BATCH PAYLOAD_BYTES CONNECTIONS");
            System.exit(2);
        }
        Config c = null;
        try {
            c = new Config(args[at], Double.parseDouble(args[at + 1]), Double.parseDouble(args[at + 2]),
                    Double.parseDouble(args[at + 3]), Integer.parseInt(args[at + 4]), Integer.parseInt(args[at + 5]),
                    Integer.parseInt(args[at + 6]), 5_000, pattern, windowNanos);
        } catch (IllegalArgumentException e) { // NumberFormatException too
            System.err.println("PushFloor: " + e.getMessage());
            System.exit(2);
        }
        Result r = run(c);
        System.out.println(r.json());
        if (!r.complete()) {
            System.err.println("PushFloor: incomplete run (every scheduled request must be sent and answered 2xx)");
            System.exit(1);
        }
    }
}
