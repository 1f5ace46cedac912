package dev.goload.config;

/**
 * Which flags carry secrets (API keys, bearer tokens, database passwords): their values are masked wherever flags
 * are echoed — the run record's flags and configuration line, {@code ParsedFlags.toString()}, the ladder's record of
 * the loader arguments. One rule for all of them, so a flag added later is masked everywhere or nowhere. Stateless.
 */
public final class SecretFlags {
    private SecretFlags() {}

    /** Whether flag {@code name} (without dashes) holds a secret. */
    public static boolean isSecret(String name) {
        return name.contains("token") || name.contains("key") || name.contains("password") || name.contains("secret");
    }
}
