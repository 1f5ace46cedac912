package dev.goload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The floor against a scripted local server: it counts every answer, and an answer missing, not 2xx or unasked for
 * makes the run incomplete (the bench then fails instead of reporting a floor that skipped work).
 */
class PushFloorTest {
    private static final String OK = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]";

    @Test
    void aNegativeOrOverlongRampIsRefusedLikeAZeroRate() {
        for (double[] bad : new double[][] {{-1, 10}, {11, 10}, {Double.NaN, 10}, {0, Double.NaN}, {0, 0}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PushFloor.Config(
                    "http://127.0.0.1:1", 1000, bad[0], bad[1], 1, 0, 1, 100), () -> "ramp " + bad[0] + " of " + bad[1]);
            assertTrue(e.getMessage().contains("ramp") || e.getMessage().contains("duration"), e.getMessage());
        }
        assertEquals(10.0, new PushFloor.Config("http://127.0.0.1:1", 1000, 10, 10, 1, 0, 1, 100).rampSeconds());
    }

    @Test
    void everyRequestSentAndAnsweredMakesACompleteRunOfTheLoopsBytes() throws Exception {
        try (Scripted server = new Scripted(i -> OK)) {
            PushFloor.Result r = PushFloor.run(config(server));
            assertEquals(100, r.scheduled(), "uniform schedule: 200/s over 0.5 s");
            assertEquals(100, r.sent());
            assertEquals(100, r.answered());
            assertEquals(300, r.messages());
            assertTrue(r.complete(), r.json());
            assertEquals(100, server.requests.size());
            String first = new String(server.requests.getFirst(), StandardCharsets.ISO_8859_1);
            assertTrue(first.startsWith("POST /api/v1/push HTTP/1.1\r\n"), first);
            assertEquals(r.requestBytes(), server.requests.getFirst().length);
            assertTrue(first.contains("{\"items\":[{\"queue\":\"bench\",\"partition\":\"p0\",\"payload\":"), first);
        }
    }

    @Test
    void everyPatternSendsEveryScheduledRequestAndCountsEveryAnswer() throws Exception {
        for (FloorPattern p : FloorPattern.values()) {
            try (Scripted server = new Scripted(i -> OK)) {
                PushFloor.Result r = PushFloor.run(config(server, p, 1_000_000));
                assertTrue(r.complete(), r.json());
                assertEquals(100, r.sent(), p.label());
                assertEquals(100, server.requests.size(), p.label());
                assertEquals(p.label(), r.pattern());
                assertTrue(r.json().contains("\"lateMicros\":{\"send\":{"), r.json());
            }
        }
    }

    @Test
    void theWindowSendsWhatFellDueInOneWindowInOnePass() throws Exception {
        try (Scripted server = new Scripted(i -> OK)) {
            // 200/s over 0.5 s with a 50 ms grid: ~10 requests a window, ~11 passes (the split sender makes ~100)
            PushFloor.Result r = PushFloor.run(config(server, FloorPattern.WINDOW, 50_000_000));
            assertTrue(r.complete(), r.json());
            assertTrue(r.sendingPasses() <= 25, r.json());
        }
    }

    @Test
    void anUnansweredRequestMakesTheRunIncomplete() throws Exception {
        PushFloor.Result r = incompleteRun(i -> i == 7 ? null : OK);
        assertEquals(100, r.sent());
        assertEquals(99, r.answered());
    }

    @Test
    void aNon2xxAnswerMakesTheRunIncomplete() throws Exception {
        String error = "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 5\r\n\r\nerror";
        PushFloor.Result r = incompleteRun(i -> i == 3 ? error : OK);
        assertEquals(100, r.answered());
        assertEquals(1, r.non2xx());
    }

    @Test
    void bytesNoRequestAskedForMakeTheRunIncomplete() throws Exception {
        PushFloor.Result r = incompleteRun(i -> i == 5 ? OK + OK : OK); // a second answer to one request
        assertEquals(1, r.broken(), r.json());
    }

    @Test
    void socketsThatNeverComeBackEndTheRunInsteadOfHangingIt() throws Exception {
        long t0 = System.nanoTime();
        PushFloor.Result r = incompleteRun(i -> i < 8 ? OK : null); // each later request keeps its socket for good
        assertEquals(16, r.sent(), "8 answered, then one unanswered request on each of the 8 sockets");
        assertEquals(8, r.answered());
        assertEquals(84, r.noFreeSocket(), "after one wait in vain the rest are counted unsent at once");
        assertTrue(System.nanoTime() - t0 < 60_000_000_000L, "bounded: one give-up wait, not one per request");
    }

    /** The floor's run against a server answering as {@code script} says, which must be judged incomplete. */
    private static PushFloor.Result incompleteRun(IntFunction<String> script) throws Exception {
        try (Scripted server = new Scripted(script)) {
            PushFloor.Result r = PushFloor.run(config(server));
            assertFalse(r.complete(), r.json());
            return r;
        }
    }

    @Test
    void theContentLengthIsFoundWhateverItsCase() {
        assertEquals(12, contentLength("HTTP/1.1 200 OK\r\ncontent-LENGTH: 12\r\n\r\n"));
        assertEquals(-1, contentLength("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"));
        assertEquals(2, contentLength(OK.substring(0, OK.length() - 2)), "among other fields");
        assertEquals(-1, contentLength("HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n"), "not digits: no length");
    }

    private static long contentLength(String head) {
        byte[] h = head.getBytes(StandardCharsets.ISO_8859_1);
        return PushFloorAnswers.contentLength(h, h.length);
    }

    private static PushFloor.Config config(Scripted server) {
        return new PushFloor.Config("http://127.0.0.1:" + server.port(), 200, 0, 0.5, 3, 16, 8, 1_000);
    }

    private static PushFloor.Config config(Scripted server, FloorPattern p, long windowNanos) {
        return new PushFloor.Config("http://127.0.0.1:" + server.port(), 200, 0, 0.5, 3, 16, 8, 1_000, p, windowNanos);
    }

    /** Answers request i (counted over all connections) with {@code script.apply(i)}, or not at all when null. */
    private static final class Scripted implements AutoCloseable {
        private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final IntFunction<String> script;
        private final AtomicInteger seen = new AtomicInteger();
        final List<byte[]> requests = new CopyOnWriteArrayList<>();
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();

        Scripted(IntFunction<String> script) throws IOException {
            this.script = script;
            Thread.ofPlatform().daemon().start(this::accept);
        }

        int port() {
            return listener.getLocalPort();
        }

        private void accept() {
            try {
                while (true) {
                    Socket s = listener.accept();
                    accepted.add(s);
                    Thread.ofPlatform().daemon().start(() -> serve(s));
                }
            } catch (IOException closed) {
                // the test is over
            }
        }

        private void serve(Socket s) {
            try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                while (true) {
                    byte[] req = readRequest(in);
                    if (req == null) return;
                    requests.add(req);
                    String answer = script.apply(seen.getAndIncrement());
                    if (answer != null) out.write(answer.getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                }
            } catch (IOException closed) {
                // the floor closed its sockets
            }
        }

        /** One request: the head up to its blank line, then Content-Length bytes; null at EOF. */
        private static byte[] readRequest(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) >= 0) {
                b.write(c);
                byte[] h = b.toByteArray();
                int n = h.length;
                if (n >= 4 && h[n - 1] == '\n' && h[n - 2] == '\r' && h[n - 3] == '\n' && h[n - 4] == '\r') break;
            }
            if (c < 0) return null;
            long length = contentLength(b.toString(StandardCharsets.ISO_8859_1));
            b.write(in.readNBytes((int) length));
            return b.toByteArray();
        }

        @Override
        public void close() throws IOException {
            listener.close();
            for (Socket s : accepted) s.close();
        }
    }
}
