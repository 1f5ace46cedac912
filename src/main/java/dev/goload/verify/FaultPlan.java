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

    private static final Fault[] FAULTS = Fault.values();

    /** By {@link Fault#ordinal()}. */
    private final long[] requested;
    private final AtomicLong[] left = atomics();
    private final AtomicLong[] injected = atomics();
    /** Messages affected: re-pushed by dup-push, left unacked by drop-ack. */
    private final AtomicLong[] messages = atomics();

    private FaultPlan(long[] requested) {
        this.requested = requested;
        for (Fault f : FAULTS) {
            left[f.ordinal()].set(requested[f.ordinal()]);
        }
    }

    private static AtomicLong[] atomics() {
        AtomicLong[] a = new AtomicLong[FAULTS.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = new AtomicLong();
        }
        return a;
    }

    public static FaultPlan none() {
        return new FaultPlan(new long[FAULTS.length]);
    }

    /**
     * Parses a {@code -fault} value.
     *
     * @throws IllegalArgumentException with the reference's message for an unknown name or a bad count
     */
    public static FaultPlan parse(String spec) {
        long[] n = new long[FAULTS.length];
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
            n[byLabel(name).ordinal()] += count;
        }
        return new FaultPlan(n);
    }

    private static Fault byLabel(String name) {
        for (Fault f : FAULTS) {
            if (f.label.equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown fault \"" + name + "\" (want dup-push|lose-msg|drop-ack)");
    }

    public boolean any() {
        for (long r : requested) {
            if (r > 0) {
                return true;
            }
        }
        return false;
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

    /** The requested budgets: {@code dup-push=N lose-msg=N drop-ack=N}. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (Fault f : FAULTS) {
            b.append(b.isEmpty() ? "" : " ").append(f.label).append('=').append(requested[f.ordinal()]);
        }
        return b.toString();
    }
}
