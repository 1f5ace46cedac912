package dev.goload.cli;

import java.util.Objects;

/**
 * One declared flag: name (without dashes), Go type, default and usage text. The usage may name the value
 * in back quotes (Go's {@code UnquoteUsage}: "`ms` long-poll timeout" prints {@code -pop-timeout ms}).
 */
public record FlagDef(String name, FlagType type, Object defaultValue, String usage) {
    public FlagDef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(usage, "usage");
        if (name.isEmpty() || name.startsWith("-") || name.contains("=")) {
            throw new IllegalArgumentException("bad flag name: " + name);
        }
        defaultValue = type.canonical(Objects.requireNonNull(defaultValue, "defaultValue"));
    }

    /** The {@link FlagGroup} the subcommand form's help lists it under: the one {@link FlagGroups} gives its name. */
    public FlagGroup group() { return FlagGroups.of(name); }

    /** Go's {@code DefValue}: the default rendered by the flag's {@code String()}. */
    public String defValue() { return type.format(defaultValue); }

    /** Go's {@code UnquoteUsage}: the value name shown after the flag and the usage with back quotes removed. */
    public String[] unquoteUsage() {
        int open = usage.indexOf('`');
        if (open >= 0) {
            int close = usage.indexOf('`', open + 1);
            if (close >= 0) {
                String word = usage.substring(open + 1, close);
                return new String[] {word, usage.substring(0, open) + word + usage.substring(close + 1)};
            }
        }
        return new String[] {type.usageWord(), usage};
    }
}
