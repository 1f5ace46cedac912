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

    /** Go's {@code %q} / {@code strconv.Quote}: double-quoted with Go escapes for non-printables. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case 7 -> b.append("\\a");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case 11 -> b.append("\\v");
                default -> {
                    if (cp < 0x20 || cp == 0x7f) b.append(String.format("\\x%02x", cp));
                    else if (isPrintable(cp)) b.appendCodePoint(cp);
                    else if (cp < 0x10000) b.append(String.format("\\u%04x", cp));
                    else b.append(String.format("\\U%08x", cp));
                }
            }
        });
        return b.append('"').toString();
    }

    private static boolean isPrintable(int cp) {
        if (Character.isISOControl(cp) || !Character.isDefined(cp)) return false;
        int type = Character.getType(cp);
        return type != Character.SURROGATE && type != Character.PRIVATE_USE && type != Character.FORMAT
                && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR
                && (type != Character.SPACE_SEPARATOR || cp == ' ');
    }
}
