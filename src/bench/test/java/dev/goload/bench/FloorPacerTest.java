package dev.goload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** When the floor's sender wakes for a send: at its instant, or on the window pattern at the window's next edge. */
class FloorPacerTest {
    private static final long W = 1_000_000;

    @Test
    void theWindowWakesAtTheEdgeOfTheWindowTheSendFallsIn() {
        FloorSends s = sends(FloorPattern.WINDOW);
        FloorPacer p = new FloorPacer(s, FloorPattern.WINDOW, W);
        assertEquals(s.start, p.wakeFor(s.start), "due at an edge: at once");
        assertEquals(s.start + W, p.wakeFor(s.start + 1));
        assertEquals(s.start + W, p.wakeFor(s.start + W));
        assertEquals(s.start + 2 * W, p.wakeFor(s.start + W + 1));
    }

    @Test
    void theOtherPatternsWakeAtTheSendsInstant() {
        for (FloorPattern pattern : new FloorPattern[] {FloorPattern.SPLIT, FloorPattern.PIGGYBACK}) {
            FloorSends s = sends(pattern);
            assertEquals(s.start + 123, new FloorPacer(s, pattern, W).wakeFor(s.start + 123), pattern.label());
        }
    }

    @Test
    void aPatternIsNamedInAnyCaseAndAnUnknownOneIsRefused() {
        assertEquals(FloorPattern.NETPOLL, FloorPattern.parse(" NetPoll "));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> FloorPattern.parse("spin"));
    }

    private static FloorSends sends(FloorPattern pattern) {
        PushFloor.Config c = new PushFloor.Config("http://127.0.0.1:1", 1000, 0, 1, 1, 0, 1, 100, pattern, W);
        return new FloorSends(new SocketChannel[0], new ByteBuffer[0], new AtomicIntegerArray(0), c);
    }
}
