package dev.goload.shard;

/**
 * This loader's part of a sharded run: shard {@code index} of {@code count} ({@code -shard I/N}, or {@code -shards N}
 * with the index from a Kubernetes Indexed Job's {@code JOB_COMPLETION_INDEX}). Every split is deterministic and
 * disjoint, so the {@code count} shards together do exactly what one loader would: a total is split into equal parts
 * with the remainder given to the lowest indexes ({@link #share(long)}; the parts sum to the total exactly), and an
 * indexed item (a partition, a tenant, a property) belongs to the shard {@code item mod count} ({@link #owns(long)}).
 *
 * <p>{@link #SINGLE} is the unsharded run (shard 0 of 1): it owns everything and its share of a total is the total.
 */
public record Shard(int index, int count) {
    public static final Shard SINGLE = new Shard(0, 1);

    public Shard {
        if (count < 1) throw new IllegalArgumentException("shard count must be >= 1, got " + count);
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("shard index must be in 0.." + (count - 1) + ", got " + index);
        }
    }

    /** Parses {@code I/N} ({@code 0/4} … {@code 3/4}). */
    public static Shard parse(String spec) {
        int slash = spec.indexOf('/');
        if (slash <= 0 || slash == spec.length() - 1) {
            throw new IllegalArgumentException("-shard wants I/N (e.g. 0/4), got \"" + spec + "\"");
        }
        int i;
        int n;
        try {
            i = Integer.parseInt(spec.substring(0, slash).trim());
            n = Integer.parseInt(spec.substring(slash + 1).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-shard wants I/N (e.g. 0/4), got \"" + spec + "\"");
        }
        return new Shard(i, n);
    }

    /**
     * {@code -shards N}: the index from {@code JOB_COMPLETION_INDEX} (set by a Kubernetes Indexed Job).
     *
     * @param jobCompletionIndex the variable's value, or null when it is not set
     */
    public static Shard ofJobIndex(int count, String jobCompletionIndex) {
        if (jobCompletionIndex == null || jobCompletionIndex.isBlank()) {
            throw new IllegalArgumentException("-shards " + count + " needs JOB_COMPLETION_INDEX (a Kubernetes"
                    + " Indexed Job sets it); outside Kubernetes use -shard I/N");
        }
        try {
            return new Shard(Integer.parseInt(jobCompletionIndex.trim()), count);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("JOB_COMPLETION_INDEX is not a number: \"" + jobCompletionIndex + "\"");
        }
    }

    public boolean sharded() {
        return count > 1;
    }

    /** This shard's part of {@code total}: {@code total / count}, plus one for the first {@code total % count} shards. */
    public long share(long total) {
        if (total < 0) throw new IllegalArgumentException("cannot split a negative total " + total);
        return total / count + (index < total % count ? 1 : 0);
    }

    /** {@link #share(long)} for an int total. */
    public int share(int total) {
        return (int) share((long) total);
    }

    /** Whether indexed item {@code item} (0-based: a partition, a tenant, a property) belongs to this shard. */
    public boolean owns(long item) {
        return Math.floorMod(item, count) == index;
    }

    /** How many of the items {@code 0 .. n-1} this shard owns (equal to {@link #share(long)} of {@code n}). */
    public long owned(long n) {
        return share(n);
    }

    /** The {@code k}-th item (0-based) this shard owns: {@code index + k·count}. */
    public long item(long k) {
        return index + k * count;
    }

    /** {@code I/N}, as the flag spells it. */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}
