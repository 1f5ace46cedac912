package dev.goload.cli;

/**
 * A command line the Go {@code flag} package would reject; the message is Go's exact error text
 * (e.g. {@code flag provided but not defined: -foo}). Callers print it, then the usage, and exit 2.
 */
public final class FlagParseException extends Exception {
    private static final long serialVersionUID = 1L;

    public FlagParseException(String message) { super(message, null, false, false); }
}
