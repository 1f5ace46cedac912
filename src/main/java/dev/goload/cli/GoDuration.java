package dev.goload.cli;

import java.time.Duration;
import java.util.Map;

/**
 * Go {@code time.ParseDuration} and {@code time.Duration.String}, so {@code -burst-every 30m} and
 * {@code -burst-for 1h30m0s} mean what they mean to the Go tool and defaults print as Go prints them
 * ({@code 30m0s}). Stateless; safe from any thread.
 */
public final class GoDuration {
    private GoDuration() {}

    private static final long NS = 1, US = 1_000, MS = 1_000_000, S = 1_000_000_000L, M = 60 * S, H = 60 * M;
    private static final Map<String, Long> UNITS = Map.of(
            "ns", NS, "us", US, "\u00b5s", US, "\u03bcs", US, "ms", MS, "s", S, "m", M, "h", H);

    /** Parses Go duration syntax {@code [-+]?([0-9]*(\.[0-9]*)?[a-z]+)+}, or a plain {@code 0}. */
    public static Duration parse(String orig) throws GoStrconv.SyntaxException {
        String s = orig;
        boolean neg = false;
        if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
            neg = s.charAt(0) == '-';
            s = s.substring(1);
        }
        if (s.equals("0")) return Duration.ZERO;
        if (s.isEmpty()) throw GoStrconv.SyntaxException.parse();
        long d = 0; // unsigned accumulator, as Go's uint64
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (!(c == '.' || isDigit(c))) throw GoStrconv.SyntaxException.parse();
            int start = i;
            long v = 0;
            for (; i < s.length() && isDigit(s.charAt(i)); i++) {
                if (Long.compareUnsigned(v, (1L << 63) / 10) > 0) throw GoStrconv.SyntaxException.parse();
                v = v * 10 + (s.charAt(i) - '0');
                if (Long.compareUnsigned(v, 1L << 63) > 0) throw GoStrconv.SyntaxException.parse();
            }
            boolean pre = i != start;
            long f = 0;
            double scale = 1;
            boolean post = false;
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                int fs = i;
                boolean overflow = false;
                for (; i < s.length() && isDigit(s.charAt(i)); i++) {
                    if (overflow) continue;
                    if (f > Long.MAX_VALUE / 10) { overflow = true; continue; } // Go stops accumulating
                    long y = f * 10 + (s.charAt(i) - '0');
                    if (Long.compareUnsigned(y, 1L << 63) > 0) { overflow = true; continue; }
                    f = y;
                    scale *= 10;
                }
                post = i != fs;
            }
            if (!pre && !post) throw GoStrconv.SyntaxException.parse();
            int us = i;
            while (i < s.length() && !(s.charAt(i) == '.' || isDigit(s.charAt(i)))) i++;
            if (i == us) throw GoStrconv.SyntaxException.parse(); // missing unit
            Long unit = UNITS.get(s.substring(us, i));
            if (unit == null) throw GoStrconv.SyntaxException.parse();
            if (Long.compareUnsigned(v, Long.divideUnsigned(1L << 63, unit)) > 0) {
                throw GoStrconv.SyntaxException.parse();
            }
            v *= unit;
            if (f > 0) {
                v += (long) ((double) f * ((double) unit / scale));
                if (Long.compareUnsigned(v, 1L << 63) > 0) throw GoStrconv.SyntaxException.parse();
            }
            d += v;
            if (Long.compareUnsigned(d, 1L << 63) > 0) throw GoStrconv.SyntaxException.parse();
        }
        if (neg) return Duration.ofNanos(-d); // -(1<<63) wraps to itself, exactly Go's minimum
        if (d < 0) throw GoStrconv.SyntaxException.parse();
        return Duration.ofNanos(d);
    }

    private static boolean isDigit(char c) { return c >= '0' && c <= '9'; }

    /** Go's {@code Duration.String()}: {@code 0s}, {@code 1.5ms}, {@code 300µs}, {@code 1h30m0s}. */
    public static String format(Duration duration) {
        return dev.goload.report.GoFmt.duration(duration);
    }
}
