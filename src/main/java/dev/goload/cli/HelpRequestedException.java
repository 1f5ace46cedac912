package dev.goload.cli;

/** {@code -h}/{@code -help} on a table that does not declare them (Go's {@code flag.ErrHelp}): usage, exit 0. */
public final class HelpRequestedException extends Exception {
    private static final long serialVersionUID = 1L;

    public HelpRequestedException() { super("flag: help requested", null, false, false); }
}
