package dev.goload.modes.tenants;

/**
 * One report interval of {@code -mode tenants} (goload-behavior.md §2.7): rates per measured second, the interval's
 * e2e percentiles, the backlog and the cumulative error counters.
 *
 * @param epochMs   wall-clock end of the interval
 * @param lag       pushed − popped so far
 * @param liveTasks consumers and producers still running
 */
public record TenantsInterval(long epochMs, double pushPerSec, double popPerSec, double ackPerSec,
        double emptyPerSec, double e2eP50Ms, double e2eP99Ms, long lag, long pushErr, long popErr, long ackErr,
        int liveTasks) {}
