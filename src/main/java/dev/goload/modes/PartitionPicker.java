package dev.goload.modes;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Chooses the partition of each push at launch time (goload-behavior.md §2.2), from a global counter
 * pre-incremented per push (so the first push goes to {@code p1}, as in the reference).
 * <ul>
 *   <li>whole space: {@code p{n mod space}};</li>
 *   <li>{@code active < space}: second {@code sec} writes the window
 *       {@code slot = (sec·active + n mod active) mod space} — {@code rotate} uses it as is (a contiguous window
 *       sliding by {@code active} each second), {@code scatter} maps it through a multiplier coprime with the
 *       space so the active set is spread out; either way exactly {@code active} distinct partitions per
 *       second and the whole space covered every {@code space/active} seconds.</li>
 * </ul>
 * Thread-safe.
 */
public final class PartitionPicker {
    private final int space;
    private final int active;
    private final boolean scatter;
    private final long mult;
    private final AtomicLong counter = new AtomicLong();
    private final String[] names;

    public PartitionPicker(int space, int active, String policy) {
        if (space <= 0) {
            throw new IllegalArgumentException("-partitions must be > 0");
        }
        this.space = space;
        this.active = active <= 0 || active > space ? space : active;
        this.scatter = "scatter".equals(policy);
        this.mult = scatterMultiplier(space);
        this.names = new String[space];
        for (int i = 0; i < space; i++) {
            names[i] = "p" + i;
        }
    }

    static long scatterMultiplier(int space) {
        long m = (long) Math.floor(space * 0.6180339887498949);
        if (m % 2 == 0) {
            m++;
        }
        while (gcd(m, space) != 1) {
            m += 2;
        }
        return m;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** The partition for the next push, {@code secondsSinceStart} whole seconds into the run. */
    public String next(long secondsSinceStart) {
        long n = counter.incrementAndGet();
        if (active == space) {
            return names[(int) (n % space)];
        }
        long slot = (secondsSinceStart * active + n % active) % space;
        return names[(int) (scatter ? (slot * mult) % space : slot)];
    }
}
