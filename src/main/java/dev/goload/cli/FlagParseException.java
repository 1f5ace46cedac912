package dev.goload.cli;

/**
 * A command line the Go {@code flag} package would reject; the message is Go's exact error text
 * (e.g. {@code flag provided but not defined: -foo}). Callers print it, then the usage, and exit 2.
 */
public final class FlagParseException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String undefinedFlag;

    public FlagParseException(String message) { this(message, null); }

    private FlagParseException(String message, String undefinedFlag) {
        super(message, null, false, false);
        this.undefinedFlag = undefinedFlag;
    }

    /** Go's {@code flag provided but not defined: -<name>}, remembering the name for a suggestion. */
    static FlagParseException undefined(String name) {
        return new FlagParseException("flag provided but not defined: -" + name, name);
    }

    /** The flag name (without dashes) the table does not declare, for "did you mean"; null for other errors. */
    String undefinedFlag() { return undefinedFlag; }
}
