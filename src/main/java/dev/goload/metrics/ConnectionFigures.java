package dev.goload.metrics;

/**
 * The loader's sockets to the broker over a run (the record's {@code loader.connections}): every client of the run
 * summed, the warm-up's dials included.
 *
 * @param opened       sockets whose TCP connect completed
 * @param closed       of those, closed by the end of the run (the idle pool left open is closed with the clients)
 * @param closedByPeer of {@code closed}, those the broker had ended first (an EOF or a reset the loader then saw)
 * @param peakOpen     most sockets open at once: exact (counted on every connect), for all clients together
 * @param openAtEnd    sockets open when the figures were taken ({@code opened - closed})
 * @param timeWaitPeak most TCP sockets in TIME_WAIT to or from the broker's port seen in one sample of this
 *                     machine's socket tables, sampled once a second; null when they are unreadable (no /proc)
 */
public record ConnectionFigures(long opened, long closed, long closedByPeer, long peakOpen, long openAtEnd,
                                Long timeWaitPeak) {
    /** A run without a broker client. */
    public static final ConnectionFigures NONE = new ConnectionFigures(0, 0, 0, 0, 0, null);
}
