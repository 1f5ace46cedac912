package dev.goload.modes.run;

/**
 * Something an engine has to say during a run that is not an interval: a configure outcome, a warm-up, a phase
 * change, a shutdown cut. Engines never print; they hand notes to their {@link RunListener}s, and each mode's
 * console formatter in {@code report/} renders the ones it knows (in the reference's bytes). Each mode declares its
 * notes as records implementing this interface (e.g. a sealed {@code CloudNote}); {@link Text} is for a line whose
 * words the reference fixes and which carries no data worth typing.
 */
public interface RunNote {
    /** A line to show as is (already in the reference's words). */
    record Text(String line) implements RunNote {}
}
