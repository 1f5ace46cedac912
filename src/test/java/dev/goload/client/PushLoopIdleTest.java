package dev.goload.client;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The push loop's idle stack on a scripted clock (its instants are arguments, so no test sleeps): the warmest socket
 * first, the coldest once idle half the idle timeout (kept alive: a burst's sockets outlive a steady rate that needs
 * fewer), never one idle for the idle timeout, the surplus still retired when the requests are too rare to go round.
 * A take that finds nothing is where the loop would dial: the simulations count those.
 */
class PushLoopIdleTest {
    private static final long T = 5_000_000_000L; // the idle timeout
    private static final long MS = 1_000_000L;

    private ServerSocketChannel listener;
    private Selector selector;
    private final ConnectionTally tally = new ConnectionTally();
    private final List<PushLoopConnection> made = new ArrayList<>();
    private final PushLoopConnection[] expired = new PushLoopConnection[1];

    @BeforeEach
    void listen() throws IOException {
        listener = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        selector = Selector.open();
    }

    @AfterEach
    void close() throws IOException {
        made.forEach(PushLoopConnection::close);
        selector.close();
        listener.close();
    }

    private PushLoopConnection socket() throws IOException {
        InetSocketAddress a = (InetSocketAddress) listener.getLocalAddress();
        PushLoopConnection c = new PushLoopConnection(selector, new InetSocketAddress[] {a}, tally, "http://127.0.0.1");
        made.add(c);
        return c;
    }

    /** A take as the reader's (no probe): the socket, or null (an expired one, if any, in {@code expired[0]}). */
    private PushLoopConnection take(PushLoopIdle idle, long now) {
        expired[0] = null;
        return idle.take(null, now, expired);
    }

    @Test
    void theWarmestSocketIsTakenWhileTheColdestIsIdleLessThanHalfTheTimeout() throws IOException {
        PushLoopIdle idle = new PushLoopIdle(8, T);
        PushLoopConnection a = socket(), b = socket(), c = socket();
        idle.put(a, 0);
        idle.put(b, MS);
        idle.put(c, 2 * MS);
        assertSame(c, take(idle, T / 2 - MS), "a idle just under half the timeout: LIFO");
        idle.put(c, T / 2 - MS);
        assertSame(a, take(idle, T / 2), "a idle half the timeout: used before it could expire");
        idle.put(a, T / 2);
        assertSame(b, take(idle, T / 2 + MS), "then b, the next coldest");
        assertEquals(2, idle.size());
    }

    @Test
    void aBurstsSocketsOutliveASteadyRateThatNeedsOneWithoutADial() throws IOException {
        PushLoopIdle idle = new PushLoopIdle(512, T);
        for (int i = 0; i < 20; i++) idle.put(socket(), 0); // a hiccup's burst: twenty dialled, all answered
        // then 200 requests/s for four idle timeouts, each answered 1 ms after it went out, one at a time
        for (long now = 5 * MS; now < 4 * T; now += 5 * MS) assertTrue(idle.put(socketFor(idle, now), now + MS));
        assertEquals(0, dials, "the burst's sockets served the steady rate: nothing dialled again");
        assertEquals(20, idle.size(), "and none was retired");
        assertEquals(0, made.stream().filter(PushLoopConnection::closed).count(), "none found expired either");
    }

    @Test
    void aSecondBurstAfterTheIdleTimeoutFindsTheFirstBurstsSockets() throws IOException {
        PushLoopIdle idle = new PushLoopIdle(512, T);
        for (int i = 0; i < 10; i++) idle.put(socket(), 0);
        for (long now = 10 * MS; now < 2 * T; now += 10 * MS) idle.put(take(idle, now), now + MS); // 100 req/s
        List<PushLoopConnection> burst = new ArrayList<>();
        for (int i = 0; i < 10; i++) burst.add(take(idle, 2 * T)); // ten at once, none answered yet
        assertFalse(burst.contains(null), "ten idle sockets for the second burst of ten: no dial");
        assertEquals(10, made.size());
    }

    @Test
    void aSocketIdleForTheTimeoutIsNeverTakenAndIsRetiredOnTheNextRelease() throws IOException {
        PushLoopIdle idle = new PushLoopIdle(8, T);
        PushLoopConnection cold = socket(), warm = socket();
        idle.put(cold, 0);
        idle.put(warm, T / 2);
        assertSame(warm, take(idle, T), "the coldest is past the timeout: not refreshed, the warmest is taken");
        idle.put(warm, T + MS);
        assertTrue(cold.closed(), "retired on the release, as before");
        assertEquals(1, idle.size());

        assertNull(take(idle, 2 * T + MS), "the only socket is past the timeout");
        assertSame(warm, expired[0], "handed back to be closed, not reused");
    }

    @Test
    void requestsTooRareToGoRoundTheSocketsStillLetTheSurplusExpire() throws IOException {
        PushLoopIdle idle = new PushLoopIdle(8, T);
        PushLoopConnection a = socket(), b = socket(), c = socket(), d = socket();
        for (PushLoopConnection s : List.of(a, b, c, d)) idle.put(s, 0);
        long gap = T * 9 / 10; // one request per 0.9 timeout: too rare for four sockets
        assertSame(a, take(idle, gap), "the coldest, idle past half the timeout");
        idle.put(a, gap + MS);
        assertSame(a, take(idle, 2 * gap), "b, c, d are past the timeout: the warmest");
        idle.put(a, 2 * gap + MS);
        assertTrue(b.closed() && c.closed() && d.closed(), "the surplus retired");
        assertEquals(1, idle.size());
    }

    @Test
    void withoutAnIdleTimeoutTheStackIsPlainLifo() throws IOException {
        PushLoopIdle idle = new PushLoopIdle(8, Long.MAX_VALUE);
        PushLoopConnection a = socket(), b = socket();
        idle.put(a, 0);
        idle.put(b, MS);
        assertSame(b, take(idle, 1_000 * T));
        assertSame(a, take(idle, 1_000 * T));
    }

    /** A take as the loop's: an expired or surplus socket is closed (the reader's part) and the take repeated. */
    private PushLoopConnection takeLikeTheLoop(PushLoopIdle idle, long now) {
        for (;;) {
            PushLoopConnection c = take(idle, now);
            if (c != null || expired[0] == null) return c;
            expired[0].close();
        }
    }

    /** Dials counted by {@link #socketFor}. */
    private int dials;

    /** The socket the loop would send on at {@code now}: an idle one, or a new one (counted in {@link #dials}). */
    private PushLoopConnection socketFor(PushLoopIdle idle, long now) throws IOException {
        PushLoopConnection c = takeLikeTheLoop(idle, now);
        if (c != null) return c;
        dials++;
        return socket();
    }

    private static final long W = PushLoopIdle.KEEP_WINDOW_NANOS;

    @Test
    void aBurstsSurplusIsClosedOnceAWholeWindowNeverNeededIt() throws IOException {
        PushLoopIdle idle = new PushLoopIdle(512, T);
        for (int i = 0; i < 20; i++) idle.put(socket(), 0); // a hiccup's burst
        boolean keptThroughTheFirstWindow = false;
        // then 200 requests/s, one at a time, for three windows
        for (long now = 5 * MS; now < 3 * W; now += 5 * MS) {
            assertTrue(idle.put(socketFor(idle, now), now + MS));
            if (now == W - 5 * MS) keptThroughTheFirstWindow = idle.size() == 20;
        }
        assertTrue(keptThroughTheFirstWindow, "within the window the burst's sockets are kept alive, as before");
        assertEquals(0, dials, "nothing dialled");
        assertEquals(1, idle.size(), "the 19 never needed at once in a whole window were closed");
        assertEquals(19, made.stream().filter(PushLoopConnection::closed).count());
    }

    @Test
    void burstsThatRecurWithinTheWindowKeepTheirSockets() throws IOException {
        PushLoopIdle idle = new PushLoopIdle(512, T);
        for (int i = 0; i < 20; i++) idle.put(socket(), 0);
        long nextBurst = 30_000 * MS;
        for (long now = 5 * MS; now < 5 * W; now += 5 * MS) {
            if (now < nextBurst) {
                assertTrue(idle.put(socketFor(idle, now), now + MS));
                continue;
            }
            List<PushLoopConnection> burst = new ArrayList<>(); // twenty at once every 30 s, answered 2 ms later
            for (int i = 0; i < 20; i++) burst.add(socketFor(idle, now));
            for (PushLoopConnection c : burst) assertTrue(idle.put(c, now + 2 * MS));
            nextBurst += 30_000 * MS;
        }
        assertEquals(0, dials, "every burst found the last one's sockets: no churn");
        assertEquals(20, idle.size());
        assertEquals(0, made.stream().filter(PushLoopConnection::closed).count());
    }
}
