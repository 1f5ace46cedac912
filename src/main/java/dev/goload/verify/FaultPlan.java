package dev.goload.verify;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Fault injection for {@code cloud -fault} (goload-behavior.md §3.3): proof that the checker can fail. Each fault
 * is a budget taken atomically by whichever producer or consumer reaches its injection point first; what was
 * actually injected is counted, so a test can assert that exactly the injected anomaly was detected.
 *
 * <p>Grammar: comma-separated {@code name=N} or bare {@code name} (= 1); empty or {@code none} = no faults.
 * Names: {@code dup-push}, {@code lose-msg}, {@code drop-ack}.
 *
 * <p>Threading: {@link #take(Fault)} and the counters are lock-free and safe from any thread.
 */
public final class FaultPlan {
    /** The injectable faults. */
    public enum Fault {
        DUP_PUSH("dup-push"), LOSE_MSG("lose-msg"), DROP_ACK("drop-ack");

        private final String label;

        Fault(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final long[] requested = new long[3];
    private final AtomicLong[] left = {new AtomicLong(), new AtomicLong(), new AtomicLong()};
    private final AtomicLong[] injected = {new AtomicLong(), new AtomicLong(), new AtomicLong()};
    /** Messages affected: re-pushed by dup-push, left unacked by drop-ack. */
    private final AtomicLong[] messages = {new AtomicLong(), new AtomicLong(), new AtomicLong()};

    private FaultPlan(long dup, long lose, long drop) {
        requested[0] = dup;
        requested[1] = lose;
        requested[2] = drop;
        for (int i = 0; i < 3; i++) {
            left[i].set(requested[i]);
        }
    }

    public static FaultPlan none() {
        return new FaultPlan(0, 0, 0);
    }

    /**
     * Parses a {@code -fault} value.
     *
     * @throws IllegalArgumentException with the reference's message for an unknown name or a bad count
     */
    public static FaultPlan parse(String spec) {
        long[] n = new long[3];
        String s = spec == null ? "" : spec.trim();
        if (s.isEmpty() || s.equals("none")) {
            return none();
        }
        for (String raw : s.split(",")) {
            String item = raw.trim();
            if (item.isEmpty()) {
                continue;
            }
            int eq = item.indexOf('=');
            String name = eq < 0 ? item : item.substring(0, eq).trim();
            long count = 1;
            if (eq >= 0) {
                try {
                    count = Long.parseLong(item.substring(eq + 1).trim());
                } catch (NumberFormatException e) {
                    count = -1;
                }
                if (count < 0) {
                    throw new IllegalArgumentException("bad fault count in \"" + item + "\"");
                }
            }
            Fault f = switch (name) {
                case "dup-push" -> Fault.DUP_PUSH;
                case "lose-msg" -> Fault.LOSE_MSG;
                case "drop-ack" -> Fault.DROP_ACK;
                default -> throw new IllegalArgumentException(
                        "unknown fault \"" + name + "\" (want dup-push|lose-msg|drop-ack)");
            };
            n[f.ordinal()] += count;
        }
        return new FaultPlan(n[0], n[1], n[2]);
    }

    public boolean any() {
        return requested[0] + requested[1] + requested[2] > 0;
    }

    public long requested(Fault f) {
        return requested[f.ordinal()];
    }

    /** Takes one unit of the fault's budget; true = inject now. */
    public boolean take(Fault f) {
        AtomicLong l = left[f.ordinal()];
        long v;
        do {
            v = l.get();
            if (v <= 0) {
                return false;
            }
        } while (!l.compareAndSet(v, v - 1));
        injected[f.ordinal()].incrementAndGet();
        return true;
    }

    /** Records how many messages an injection affected. */
    public void affected(Fault f, long msgs) {
        messages[f.ordinal()].addAndGet(msgs);
    }

    public long injected(Fault f) {
        return injected[f.ordinal()].get();
    }

    public long affectedMessages(Fault f) {
        return messages[f.ordinal()].get();
    }

    /** {@code dup-push=%d lose-msg=%d drop-ack=%d} of the given counts. */
    public static String describe(long dup, long lose, long drop) {
        return "dup-push=" + dup + " lose-msg=" + lose + " drop-ack=" + drop;
    }

    @Override
    public String toString() {
        return describe(requested[0], requested[1], requested[2]);
    }
}
