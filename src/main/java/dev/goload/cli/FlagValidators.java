package dev.goload.cli;

import java.util.Optional;
import java.util.Set;

/**
 * Pure flag checks per mode (no I/O): the reference's own validation messages plus the checks that replace
 * its panics (e.g. {@code -partitions 0} in max/openloop). A non-empty result is the complete line to print
 * on stderr before exiting 2, formatted {@code goload -mode <mode>: <problem>}. Stateless.
 */
public final class FlagValidators {
    private FlagValidators() {}

    /** Validates {@code f} for {@code mode}; modes without rules always pass. */
    public static Optional<String> validate(String mode, ParsedFlags f) {
        Optional<String> live = LiveOutputs.check(f); // -metrics-addr, -dashboard (a port in use too): exit 2 before the broker starts
        if (live.isPresent()) return live.map(p -> "goload -mode " + mode + ": " + p);
        String problem = switch (mode) {
            // -report ≤ 0: the reference's ticker panics; a report loop would spin past the duration for ever.
            case "max" -> firstOf(common(f), positive(f, "partitions"), positive(f, "push-batch"),
                    positive(f, "report"));
            case "openloop" -> openloop(f);
            case "cloud" -> cloud(f);
            case "provision" -> f.getLong("tenants") < 1 || f.getLong("tenants") > 10000
                    ? "-tenants must be in 1..10000" : null;
            case "cm" -> f.getBool("verify-only") ? common(f)
                    : firstOf(common(f), positive(f, "rate-events"), positive(f, "properties"));
            case "app" -> firstOf(common(f), positive(f, "sessions"), positive(f, "producers"),
                    positive(f, "push-batch"));
            case "order", "tenants" -> common(f);
            default -> null;
        };
        return Optional.ofNullable(problem).map(p -> "goload -mode " + mode + ": " + p);
    }

    private static String openloop(ParsedFlags f) {
        if (f.getLong("rate") <= 0) return "-rate must be > 0 (total offered msg/s)";
        if (f.getLong("push-batch") <= 0) return "-push-batch must be > 0";
        if (f.getLong("max-inflight") <= 0) return "-max-inflight must be > 0";
        return firstOf(positive(f, "partitions"), positive(f, "report"),
                oneOf(f, "active-policy", Set.of("rotate", "scatter"), "rotate or scatter"),
                oneOf(f, "arrival", Set.of("uniform", "poisson"), "uniform or poisson"),
                positive(f, "behind-ms"),
                f.getLong("ramp-sec") < 0 ? "-ramp-sec must be >= 0" : null,
                f.getLong("active-partitions") < 0 ? "-active-partitions must be >= 0" : null,
                common(f));
    }

    private static String cloud(ParsedFlags f) {
        String target = f.getString("target");
        if (!target.equals("proxy") && !target.equals("broker")) {
            return "-target must be proxy or broker (got " + GoStrconv.quote(target) + ")";
        }
        if (f.getLong("push-batch") <= 0) return "-push-batch must be > 0";
        if (f.getLong("pop-batch") < 0) return "-pop-batch must be >= 0 (0 = let the broker size it)";
        if (f.getLong("rate") <= 0 && f.getDouble("per-tenant-rate") <= 0) {
            return "set -rate (total msg/s) or -per-tenant-rate";
        }
        return common(f);
    }

    /** Checks shared by every load mode's goload-Java additions. */
    private static String common(ParsedFlags f) {
        return oneOf(f, "pop-autopilot", Set.of("off", "on"), "off or on");
    }

    private static String positive(ParsedFlags f, String flag) {
        return f.getLong(flag) <= 0 ? "-" + flag + " must be > 0" : null;
    }

    private static String oneOf(ParsedFlags f, String flag, Set<String> allowed, String want) {
        String v = f.getString(flag);
        return allowed.contains(v) ? null : "-" + flag + " must be " + want + " (got " + GoStrconv.quote(v) + ")";
    }

    private static String firstOf(String... problems) {
        for (String p : problems) {
            if (p != null) return p;
        }
        return null;
    }
}
