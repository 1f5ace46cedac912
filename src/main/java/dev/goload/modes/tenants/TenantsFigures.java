package dev.goload.modes.tenants;

/**
 * The figures of {@code -mode tenants} beyond the common counters: its shape and the tail (goload-behavior.md
 * §2.7). Each interval carries them as its mode part ({@code IntervalSnapshot.mode()}), and the run record's
 * {@code section} holds them at the end.
 *
 * @param consumers  long-poll consumers the run starts (queues × consumers per queue)
 * @param tail       Σ max(0, pushed − popped) over the queues with a positive difference
 * @param tailQueues how many queues that is
 */
public record TenantsFigures(int tenants, int queues, int consumers, long tail, int tailQueues) {}
