package dev.goload.broker;

/**
 * A test-only switch: hold back the <em>answer</em> of every n-th ack or transaction call for a while, after the
 * ack was applied (the lease is already released, the partition's next batch can be delivered to another
 * consumer). That is what a slow network or a busy broker front does to a client; tests use it to prove that what
 * a client writes after an ack answer cannot reorder what it saw (issue 13 part 7). Off by default; thread-safe.
 */
final class AckAnswerDelay {
    private volatile int millis;
    private final EveryNth delayed = new EveryNth();

    void set(int millis, int everyNth) {
        if (millis < 0 || everyNth < 1) throw new IllegalArgumentException("millis >= 0 and everyNth >= 1 required");
        delayed.set(everyNth);
        this.millis = millis;
    }

    /** Sleeps before an applied ack's answer goes out, when this call is one of the delayed ones. */
    void beforeAnswer() throws InterruptedException {
        int d = millis;
        if (d > 0 && delayed.fires()) Thread.sleep(d);
    }
}
