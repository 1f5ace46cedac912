package dev.goload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The census the fault matrix relies on sees a leaked virtual thread and a leaked socket, and their end. */
class CensusTest {
    @Test
    void seesALeftOverVirtualThreadAndSocketUntilTheyAreGone() throws Exception {
        new ServerSocket(0, 1, InetAddress.getLoopbackAddress()).close(); // the JDK's first-use sockets are not a leak
        Census before = Census.take();
        CountDownLatch release = new CountDownLatch(1);
        Thread t = Thread.ofVirtual().name("census-leak").start(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        String left = Census.awaitNoneLeftSince(before, 200);
        assertTrue(left.contains("1 x thread 'census-leak'") && left.contains(" socket(s)"), left);
        release.countDown();
        t.join();
        s.close();
        assertEquals("", Census.awaitNoneLeftSince(before, 5_000));
    }
}
