package dev.goload.bench;

import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.modes.Payloads;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.RateCurve;
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
 * The machine's floor under the openloop push loop (issue 15, {@code scripts/bench}'s {@code floor} phase): the same
 * syscall pattern with none of goload's work. One request, the bytes a loop push of {@code batch} x
 * {@code payloadBytes} sends ({@link QueenClient#encodedLoopPush}), encoded once; one thread paced by the openloop
 * schedule ({@link ArrivalSchedule#uniform}, ramp included) waiting with one {@code parkNanos} per instant, writing
 * the request non-blocking on the lowest free of {@code connections} keep-alive sockets; a second thread reading the
 * answers in a Selector ({@link PushFloorAnswers}). Its whole-process CPU per message is what 5,000 writes and
 * 5,000 wake-ups a second cost this JVM and kernel; goload's over it is goload's own work.
 *
 * <p>The run is judged: complete only when every scheduled request was sent, every one answered, all 2xx, nothing
 * unexpected on a socket ({@link Result#complete()}); {@link #main} exits 1 otherwise, so a floor that stopped
 * counting cannot pass for a cheap one.
 *
 * <p>Not thread-safe: one {@link #run} at a time.
 */
public final class PushFloor {
    /** The floor run's shape; {@code drainMillis}: how long to wait for the last answers after the schedule ends. */
    public record Config(String url, double requestsPerSecond, double rampSeconds, double durationSeconds, int batch,
                         int payloadBytes, int connections, long drainMillis) {
        public Config {
            if (requestsPerSecond <= 0 || durationSeconds <= 0 || batch <= 0 || connections <= 0 || payloadBytes < 0) {
                throw new IllegalArgumentException("rate, duration, batch and connections must be > 0");
            }
        }
    }

    /**
     * What the run did. {@code noFreeSocket}: due requests not sent because every socket was waiting for an answer;
     * {@code partialWrites}: writes the kernel took in more than one call (finished by spinning).
     */
    public record Result(long scheduled, long sent, long answered, long non2xx, long broken, long noFreeSocket,
                         long socketWaits, long partialWrites, int requestBytes, int batch) {
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
                            + "\"requestBytes\":%d,\"batch\":%d,\"messages\":%d,\"complete\":%b}",
                    scheduled, sent, answered, non2xx, broken, noFreeSocket, socketWaits, partialWrites, requestBytes, batch,
                    messages(), complete());
        }
    }

    private PushFloor() {}

    public static Result run(Config c) throws IOException, InterruptedException {
        byte[] request = new QueenClient(ClientConfig.of(c.url())).encodedLoopPush("bench", "p0",
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
            PushFloorAnswers answers = new PushFloorAnswers(selector, sockets, busy);
            Thread reader = Thread.ofPlatform().name("floor-reader").daemon().start(answers);
            Sender s = new Sender(sockets, views, busy);
            s.pace(c);
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(c.drainMillis());
            while (answers.answered + answers.broken < s.sent && System.nanoTime() < until && reader.isAlive()) {
                LockSupport.parkNanos(1_000_000);
            }
            answers.stop();
            reader.join();
            if (answers.died != null) throw new IOException("the floor's reader died", answers.died);
            return new Result(s.scheduled, s.sent, answers.answered, answers.non2xx, answers.broken, s.noFreeSocket,
                    s.socketWaits, s.partialWrites, request.length, c.batch());
        } finally {
            for (SocketChannel ch : sockets) if (ch != null) ch.close();
        }
    }

    /** The sender's side: the pacing loop and the non-blocking writes. Counters are read after {@link #pace}. */
    private static final class Sender {
        private final SocketChannel[] sockets;
        private final ByteBuffer[] views;
        private final AtomicIntegerArray busy;
        long scheduled;
        long sent;
        long noFreeSocket;
        long socketWaits;
        long partialWrites;
        private boolean gaveUp;

        Sender(SocketChannel[] sockets, ByteBuffer[] views, AtomicIntegerArray busy) {
            this.sockets = sockets;
            this.views = views;
            this.busy = busy;
        }

        /** Sends what is due, then parks once until the next instant, as the push loop's sender does. */
        void pace(Config c) throws IOException {
            ArrivalSchedule schedule = ArrivalSchedule.uniform(new RateCurve(c.requestsPerSecond(), c.rampSeconds()));
            long start = System.nanoTime();
            long end = start + (long) (c.durationSeconds() * 1e9);
            long next = start + schedule.nextOffsetNanos();
            long giveUp = TimeUnit.MILLISECONDS.toNanos(c.drainMillis());
            while (next < end) {
                long now = System.nanoTime();
                while (next <= now && next < end) {
                    scheduled++;
                    send(giveUp);
                    next = start + schedule.nextOffsetNanos();
                }
                long wait = Math.min(next, end) - System.nanoTime();
                if (wait > 0) LockSupport.parkNanos(this, wait);
            }
        }

        /**
         * Writes the request on the lowest free socket. With every socket waiting for an answer it waits for one
         * (counted in {@code socketWaits}; the loop would dial one) at most {@code giveUpNanos}, then counts the
         * request as not sent, and from then on sends only when a socket is free.
         */
        private void send(long giveUpNanos) throws IOException {
            long deadline = 0;
            for (;;) {
                for (int i = 0; i < sockets.length; i++) {
                    if (busy.compareAndSet(i, 0, 1)) {
                        write(i);
                        return;
                    }
                }
                long now = System.nanoTime();
                if (gaveUp) { // a socket never came back (a lost answer, a dead reader): waiting again is pointless
                    noFreeSocket++;
                    return;
                }
                if (deadline == 0) {
                    socketWaits++;
                    deadline = now + giveUpNanos;
                } else if (now - deadline > 0) {
                    noFreeSocket++;
                    gaveUp = true;
                    return;
                }
                LockSupport.parkNanos(this, 20_000);
            }
        }

        private void write(int i) throws IOException {
            ByteBuffer b = views[i].clear();
            sockets[i].write(b);
            if (b.hasRemaining()) {
                partialWrites++;
                while (b.hasRemaining()) {
                    Thread.onSpinWait();
                    sockets[i].write(b);
                }
            }
            sent++;
        }
    }

    /**
     * {@code PushFloor URL RATE RAMP_SEC DURATION_SEC BATCH PAYLOAD_BYTES CONNECTIONS}: runs the floor, prints its
     * {@link Result} as one JSON line, exits 1 unless it is {@link Result#complete()}.
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: PushFloor URL RATE RAMP_SEC DURATION_SEC BATCH PAYLOAD_BYTES CONNECTIONS");
            System.exit(2);
        }
        Config c = new Config(args[0], Double.parseDouble(args[1]), Double.parseDouble(args[2]),
                Double.parseDouble(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5]),
                Integer.parseInt(args[6]), 5_000);
        Result r = run(c);
        System.out.println(r.json());
        if (!r.complete()) {
            System.err.println("PushFloor: incomplete run (every scheduled request must be sent and answered 2xx)");
            System.exit(1);
        }
    }
}
