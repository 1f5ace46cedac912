package dev.goload.modes.consume;

import dev.goload.modes.Threads;
import java.util.ArrayList;
import java.util.List;

/**
 * The consumer threads of a mode: one virtual thread per {@link ConsumerLoop}, named for thread dumps and the
 * fault matrix's thread census.
 *
 * <p>Threading: {@link #start} and {@link #await} from the run thread.
 */
public final class ConsumerPool {
    private final List<Thread> threads = new ArrayList<>();

    /** Starts {@code loop} on a virtual thread called {@code name}. */
    public void start(String name, ConsumerLoop loop) {
        threads.add(Thread.ofVirtual().name(name).start(loop));
    }

    /** Waits for every loop to end; false if some did not within {@code millis}. */
    public boolean await(long millis) throws InterruptedException {
        return Threads.joinAll(threads, millis);
    }

    /** Waits for every loop to end, however long it takes (after the caller cancelled their pops). */
    public void join() throws InterruptedException {
        for (Thread t : threads) {
            t.join();
        }
    }
}
