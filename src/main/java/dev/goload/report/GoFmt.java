package dev.goload.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.StringJoiner;

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

    /** Go's {@code time.Duration.String()}: {@code 0s}, {@code 1.5s}, {@code 1.5ms}, {@code 300µs}, {@code 1h30m0s}. */
    public static String duration(java.time.Duration duration) {
        long d;
        try {
            d = duration.toNanos();
        } catch (ArithmeticException e) {
            d = duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        if (d == 0) return "0s";
        boolean neg = d < 0;
        long u = neg ? -d : d; // Long.MIN_VALUE stays negative: handled as unsigned below
        StringBuilder b = new StringBuilder();
        if (Long.compareUnsigned(u, S) < 0) {
            String unit;
            int prec;
            if (u < US) { prec = 0; unit = "ns"; }
            else if (u < MS) { prec = 3; unit = "\u00b5s"; }
            else { prec = 6; unit = "ms"; }
            b.append(Long.toUnsignedString(u / pow10(prec))).append(frac(u % pow10(prec), prec)).append(unit);
        } else {
            long secs = Long.divideUnsigned(u, S);
            String fr = frac(Long.remainderUnsigned(u, S), 9);
            long mins = secs / 60, hours = mins / 60;
            if (hours > 0) b.append(hours).append('h');
            if (mins > 0) b.append(mins % 60).append('m');
            b.append(secs % 60).append(fr).append('s');
        }
        return neg ? "-" + b : b.toString();
    }

    private static final long US = 1_000, MS = 1_000_000, S = 1_000_000_000L;

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) p *= 10;
        return p;
    }

    /** Fraction digits without trailing zeros, and no point at all for a whole value. */
    private static String frac(long v, int prec) {
        if (prec == 0 || v == 0) return "";
        String digits = String.format(java.util.Locale.ROOT, "%0" + prec + "d", v);
        int end = digits.length();
        while (end > 0 && digits.charAt(end - 1) == '0') end--;
        return "." + digits.substring(0, end);
    }

    /** Go's {@code %v} of a slice: {@code [1 2 3]}, {@code []} when empty. */
    public static String slice(Iterable<?> xs) {
        StringJoiner j = new StringJoiner(" ", "[", "]");
        for (Object x : xs) j.add(String.valueOf(x));
        return j.toString();
    }

    /** {@link #slice(Iterable)} of a {@code []int64}. */
    public static String slice(long[] xs) {
        StringJoiner j = new StringJoiner(" ", "[", "]");
        for (long x : xs) j.add(Long.toString(x));
        return j.toString();
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
