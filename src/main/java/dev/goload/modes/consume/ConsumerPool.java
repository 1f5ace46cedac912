package dev.goload.modes.consume;

import dev.goload.modes.Threads;
import dev.goload.modes.WorkerThreads;
import java.util.ArrayList;
import java.util.List;

/**
 * The consumer threads of a mode: one thread per {@link ConsumerLoop}, named for thread dumps and the fault
 * matrix's thread census; platform threads for a pool built for a few consumers, virtual threads otherwise
 * ({@link WorkerThreads}).
 *
 * <p>Threading: {@link #start} and {@link #await} from the run thread.
 */
public final class ConsumerPool {
    private final List<Thread> threads = new ArrayList<>();
    private final Thread.Builder builder;

    /** A pool of virtual threads (any number of consumers). */
    public ConsumerPool() {
        this.builder = Thread.ofVirtual();
    }

    /** A pool for {@code consumers} consumers: their thread kind by {@link WorkerThreads#builder}. */
    public ConsumerPool(int consumers) {
        this.builder = WorkerThreads.builder(consumers);
    }

    /** Starts {@code loop} on a thread called {@code name}. */
    public void start(String name, ConsumerLoop loop) {
        threads.add(builder.name(name).start(loop));
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
