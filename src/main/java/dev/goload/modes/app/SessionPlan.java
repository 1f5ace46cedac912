package dev.goload.modes.app;

/**
 * Which sessions (partitions {@code s<N>}) each producer writes. Producer p of P owns every session number
 * N ≡ p (mod P), for the whole run: the <b>single writer</b> of each partition never changes, which the per-partition
 * order check depends on. Its working set is n_p = ⌊S/P⌋ (+1 for the first S mod P producers) consecutive slots;
 * without churn the owned sessions are exactly {@code s0..s<S−1>}. Churn rotates R slots in total (round-robin
 * over producers), moving each producer's window forward past its oldest sessions.
 *
 * <p>Difference from the reference: it hands out contiguous blocks and shifts every block by the churn step, so
 * after a rotation a session can pass to a neighbouring producer that restarts its sequence at 0; the
 * interleaved ownership here keeps one writer per session. Immutable and thread-safe.
 */
public record SessionPlan(int sessions, int producers) {
    public SessionPlan {
        if (sessions <= 0 || producers <= 0 || producers > sessions) {
            throw new IllegalArgumentException("need 0 < producers <= sessions");
        }
    }

    /** Working-set size of producer {@code p}. */
    public int slots(int p) {
        return sessions / producers + (p < sessions % producers ? 1 : 0);
    }

    /** Session number of producer {@code p}'s slot {@code local} after {@code rotated} rotated slots in total. */
    public long session(int p, int local, long rotated) {
        long r = rotated > p ? (rotated - p + producers - 1) / producers : 0;
        return p + (long) producers * (r + local);
    }

    public static String partitionName(long session) {
        return "s" + session;
    }
}
