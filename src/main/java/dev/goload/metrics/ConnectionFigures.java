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
 * @param requests     HTTP requests the clients sent or attempted (every attempt, retries included)
 * @param answers      of those, the ones that got an HTTP status line back, whatever the status
 * @param noAnswerCause why the first request without an answer failed ({@code Connection refused}, {@code timeout}),
 *                     null when none failed that way
 */
public record ConnectionFigures(long opened, long closed, long closedByPeer, long peakOpen, long openAtEnd,
                                Long timeWaitPeak, long requests, long answers, String noAnswerCause) {
    /** A run without a broker client. */
    public static final ConnectionFigures NONE = new ConnectionFigures(0, 0, 0, 0, 0, null, 0, 0, null);

    /** Figures without request counts (records written before they were counted). */
    public ConnectionFigures(long opened, long closed, long closedByPeer, long peakOpen, long openAtEnd,
                             Long timeWaitPeak) {
        this(opened, closed, closedByPeer, peakOpen, openAtEnd, timeWaitPeak, 0, 0, null);
    }

    /**
     * The broker never answered: requests were sent (or attempted) and not one got an HTTP status line back. A run
     * like that measured nothing (docs/reliability.md, "A broker that never answered").
     */
    public boolean brokerNeverAnswered() {
        return requests > 0 && answers == 0;
    }
}
