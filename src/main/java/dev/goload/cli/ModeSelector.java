package dev.goload.cli;

import java.util.List;
import java.util.Optional;

/**
 * The reference's pre-parse mode scan (spec §1.2): before any flag set parses, argv is scanned left to right,
 * stopping at a literal {@code --}, for the first {@code -mode X} / {@code --mode X} (value = next argument,
 * empty if none) or {@code -mode=X} / {@code --mode=X}. No match or an empty value selects {@code max}.
 * The scan deliberately ignores where flag parsing would stop, exactly like the Go tool.
 */
public final class ModeSelector {
    private ModeSelector() {}

    public static final String DEFAULT_MODE = "max";

    /** The selected mode name ({@code max} when none or empty). */
    public static String select(List<String> args) {
        return explicitMode(args).filter(m -> !m.isEmpty()).orElse(DEFAULT_MODE);
    }

    /** The raw {@code -mode} value if the scan finds one (possibly empty), else empty. */
    public static Optional<String> explicitMode(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) break;
            if (a.equals("-mode") || a.equals("--mode")) {
                return Optional.of(i + 1 < args.size() ? args.get(i + 1) : "");
            }
            if (a.startsWith("-mode=")) return Optional.of(a.substring("-mode=".length()));
            if (a.startsWith("--mode=")) return Optional.of(a.substring("--mode=".length()));
        }
        return Optional.empty();
    }
}
