package dev.goload.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Number formatting that matches Go's {@code fmt} byte for byte, for report lines that existing parsers
 * read. Go rounds the exact binary value half-to-even ({@code %.2f} of 0.125 is {@code 0.12}); Java's
 * {@link java.util.Formatter} rounds a shortest decimal half-up ({@code 0.13}), so {@code %f} verbs go
 * through here instead.
 */
public final class GoFmt {
    private static final DateTimeFormatter HMS = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private GoFmt() {}

    /** Go's {@code %<width>.<prec>f}. */
    public static String f(int width, int prec, double v) {
        String s;
        if (Double.isNaN(v)) {
            s = "NaN";
        } else if (Double.isInfinite(v)) {
            s = v > 0 ? "+Inf" : "-Inf";
        } else {
            s = new BigDecimal(v).setScale(prec, RoundingMode.HALF_EVEN).toPlainString();
            if (v < 0 || (v == 0 && 1 / v < 0)) {
                if (!s.startsWith("-")) {
                    s = "-" + s;
                }
            }
        }
        return pad(width, s);
    }

    /** Go's {@code %.<prec>f}. */
    public static String f(int prec, double v) {
        return f(0, prec, v);
    }

    /** Go's {@code %<width>d}. */
    public static String d(int width, long v) {
        return pad(width, Long.toString(v));
    }

    private static String pad(int width, String s) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    /** UTC {@code HH:MM:SS} of an epoch instant, as the reference's report lines carry. */
    public static String hms(long epochMs) {
        return HMS.format(Instant.ofEpochMilli(epochMs));
    }

    /** Go's {@code time.Duration.String()} for whole seconds ({@code 30m0s}, {@code 1h30m0s}, {@code 5s}, {@code 0s}). */
    public static String duration(java.time.Duration d) {
        long s = d.toSeconds();
        if (s == 0) return "0s";
        long h = s / 3600;
        long m = s % 3600 / 60;
        long sec = s % 60;
        if (h > 0) return h + "h" + m + "m" + sec + "s";
        if (m > 0) return m + "m" + sec + "s";
        return sec + "s";
    }
}
