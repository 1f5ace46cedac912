package dev.goload.modes;

import dev.goload.shard.Shard;
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
        this(space, active, policy, Shard.SINGLE);
    }

    /**
     * A shard's picker: the same rules over the partitions it owns ({@code p mod N == I}, in order), with its
     * {@link Shard#share} of {@code active}, so the shards together write {@code active} distinct partitions per
     * second, each on exactly one shard.
     */
    public PartitionPicker(int space, int active, String policy, Shard shard) {
        if (space <= 0) {
            throw new IllegalArgumentException("-partitions must be > 0");
        }
        boolean whole = active <= 0 || active >= space;
        int owned = (int) shard.owned(space);
        if (owned == 0) {
            throw new IllegalArgumentException("shard " + shard + " owns none of " + space + " partitions");
        }
        this.space = owned;
        this.active = whole ? owned : Math.max(1, shard.share(active));
        this.scatter = "scatter".equals(policy);
        this.mult = scatterMultiplier(owned);
        this.names = new String[owned];
        for (int k = 0; k < owned; k++) {
            names[k] = "p" + shard.item(k);
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
