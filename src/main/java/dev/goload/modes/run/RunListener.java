package dev.goload.modes.run;

import org.HdrHistogram.Histogram;

/**
 * Receives what a run emits, on the reporter's thread unless said otherwise: console formatters, the run-record
 * writer ({@code .hlog}, interval CSV, record), live metrics and threshold watchers all listen here.
 *
 * @param <M> the mode's own part of each interval ({@link IntervalSnapshot#mode()}), {@link Void} when none
 */
public interface RunListener<M> {
    /** An interval histogram (µs) of recorder {@code tag}, before its {@link #onInterval}; valid during the call. */
    default void onHistogram(String tag, Histogram interval) {}

    /** One interval: every boundary {@code t0 + k·period}, and the partial last one ({@code last = true}). */
    default void onInterval(IntervalSnapshot<? extends M> s) {}

    /**
     * After every listener's {@link #onInterval} of a whole interval (never the partial last one): the whole run so
     * far, up to that interval's end, built on first call and shared by every listener ({@link RunOutcome} with
     * stop reason {@code running}, no verdict, no histograms, no loader evidence series). For the run record's
     * checkpoint; a listener that does not call {@code soFar} costs nothing.
     */
    default void onCheckpoint(java.util.function.Supplier<RunOutcome> soFar) {}

    /** A note from the engine; may come from any engine thread, so implementations synchronize if they buffer. */
    default void onNote(RunNote note) {}
}
