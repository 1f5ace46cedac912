package dev.goload.cli;

/**
 * What a flag means, for the subcommand form's grouped help ({@code goload <mode> --help}). The Go form's
 * listing ({@code goload -mode <mode> -h}) ignores groups: Go prints one flat list sorted by name.
 */
public enum FlagGroup {
    /** How much load, of what shape and for how long: rates, batches, producers, payloads, durations. */
    LOAD_SHAPE("Load shape"),
    /** Where the load goes and how the client talks to it: URLs, credentials, queues, HTTP knobs. */
    TARGET("Target and connection"),
    /** How messages are taken off the broker: consumers, pops, per-message work, drains. */
    CONSUMERS("Consumers"),
    /** What the broker is asked to guarantee and what is checked: acks, retention, leases, verification. */
    SEMANTICS("Queue and delivery semantics"),
    /** What the run reports and writes: intervals, artifacts, run ids, logs. */
    OUTPUT("Output and measurement"),
    /**
     * Not yet assigned (a flag added without an entry in {@link FlagGroups}). Rendered last;
     * {@code FlagGroupsTest} fails while any mode flag is here, naming the flag to assign.
     */
    OTHER("Other");

    private final String heading;

    FlagGroup(String heading) { this.heading = heading; }

    /** The section heading in the grouped help. */
    public String heading() { return heading; }
}
