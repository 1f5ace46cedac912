package dev.goload.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A faithful port of Go's {@code flag.FlagSet.Parse} (the {@code parseOne} loop), so scripts written for
 * the Go goload behave identically: one or two dashes, {@code -f v} / {@code -f=v}, booleans only take a
 * value via {@code =}, parsing stops at the first non-flag or after {@code --}, a lone {@code -} is a
 * non-flag, the last occurrence of a flag wins (a repeatable {@link FlagType#STRINGS} flag keeps every one, as a
 * Go {@code flag.Value} that appends does), and errors carry Go's wording.
 * Stateless; safe from any thread.
 */
public final class GoFlagParser {
    private GoFlagParser() {}

    /**
     * Parses {@code args} against {@code table}.
     *
     * @throws FlagParseException   for anything Go's {@code failf} reports (message = Go's text)
     * @throws HelpRequestedException for {@code -h}/{@code -help} when the table does not declare them
     */
    public static ParsedFlags parse(FlagTable table, List<String> args)
            throws FlagParseException, HelpRequestedException {
        Map<String, Object> values = table.defaults();
        Set<String> set = new LinkedHashSet<>();
        int i = 0;
        while (i < args.size()) {
            String s = args.get(i);
            if (s.length() < 2 || s.charAt(0) != '-') break; // non-flag (including a lone "-")
            int minuses = 1;
            if (s.charAt(1) == '-') {
                minuses = 2;
                if (s.length() == 2) { // "--" terminates the flags and is consumed
                    i++;
                    break;
                }
            }
            String name = s.substring(minuses);
            if (name.isEmpty() || name.charAt(0) == '-' || name.charAt(0) == '=') {
                throw new FlagParseException("bad flag syntax: " + s);
            }
            i++;
            String value = null;
            int eq = name.indexOf('=', 1); // '=' cannot be first (rejected above)
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            FlagDef def = table.lookup(name).orElse(null);
            if (def == null) {
                if (name.equals("help") || name.equals("h")) throw new HelpRequestedException();
                throw FlagParseException.undefined(name);
            }
            Object parsed;
            if (def.type() == FlagType.BOOL) {
                // A boolean never consumes the next argument: "-f false" leaves "false" as a positional.
                if (value == null) {
                    parsed = Boolean.TRUE;
                } else {
                    try {
                        parsed = def.type().parse(value);
                    } catch (GoStrconv.SyntaxException e) {
                        throw new FlagParseException("invalid boolean value " + GoStrconv.quote(value)
                                + " for -" + name + ": " + e.getMessage());
                    }
                }
            } else {
                if (value == null && i < args.size()) value = args.get(i++);
                if (value == null) throw new FlagParseException("flag needs an argument: -" + name);
                try {
                    parsed = def.type().parse(value);
                } catch (GoStrconv.SyntaxException e) {
                    throw new FlagParseException("invalid value " + GoStrconv.quote(value)
                            + " for flag -" + name + ": " + e.getMessage());
                }
            }
            // a repeatable flag's first occurrence replaces its (empty) default, later ones append
            values.put(name, set.contains(name) ? def.type().merge(values.get(name), parsed) : parsed);
            set.add(name);
        }
        return new ParsedFlags(table, values, set, new ArrayList<>(args.subList(i, args.size())));
    }

    public static ParsedFlags parse(FlagTable table, String... args)
            throws FlagParseException, HelpRequestedException {
        return parse(table, Arrays.asList(args));
    }
}
