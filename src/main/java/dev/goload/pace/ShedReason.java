package dev.goload.pace;

/** Why an offered request was not sent. */
public enum ShedReason {
    /** The in-flight cap was full at the scheduled instant: the broker (or the path to it) is not keeping up. */
    CAP("cap"),
    /**
     * The loader itself fell further behind its schedule than allowed (GC pause, CPU starvation): a loader
     * stall, reported as such so that it never masquerades as broker saturation.
     */
    BEHIND("behind");

    private final String label;

    ShedReason(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
