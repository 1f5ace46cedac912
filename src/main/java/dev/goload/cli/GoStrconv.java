package dev.goload.cli;

import java.math.BigDecimal;

/**
 * Go {@code strconv} value syntax, replicated so that every argument an existing script passes to the Go tool
 * is accepted (or rejected) identically: {@code ParseInt(s, 0, 64)}, {@code ParseFloat(s, 64)},
 * {@code ParseBool}, plus the formatting used by {@code flag.PrintDefaults} ({@code FormatFloat(v,'g',-1,64)}
 * and {@code %q}). Stateless; safe from any thread.
 */
public final class GoStrconv {
    private GoStrconv() {}

    /** Why a value was rejected; the text is Go's {@code flag} package wording. */
    public static final class SyntaxException extends Exception {
        private static final long serialVersionUID = 1L;
        public SyntaxException(String message) { super(message, null, false, false); }
        static SyntaxException parse() { return new SyntaxException("parse error"); }
        static SyntaxException range() { return new SyntaxException("value out of range"); }
    }

    /** {@code strconv.ParseInt(s, 0, 64)}: sign, 0b/0o/0x/leading-0 octal prefixes, Go-syntax underscores. */
    public static long parseInt(String s0) throws SyntaxException {
        if (s0.isEmpty()) throw SyntaxException.parse();
        String s = s0;
        boolean neg = false;
        if (s.charAt(0) == '+' || s.charAt(0) == '-') {
            neg = s.charAt(0) == '-';
            s = s.substring(1);
        }
        long un = parseUint(s); // unsigned magnitude; range errors surface before the sign check as in Go
        if (!neg && Long.compareUnsigned(un, Long.MIN_VALUE) >= 0) throw SyntaxException.range();
        if (neg && Long.compareUnsigned(un, Long.MIN_VALUE) > 0) throw SyntaxException.range();
        return neg ? -un : un;
    }

    private static long parseUint(String s0) throws SyntaxException {
        if (s0.isEmpty()) throw SyntaxException.parse();
        String s = s0;
        int base = 10;
        if (s.charAt(0) == '0') {
            char p = s.length() >= 3 ? Character.toLowerCase(s.charAt(1)) : 0;
            if (p == 'b') { base = 2; s = s.substring(2); }
            else if (p == 'o') { base = 8; s = s.substring(2); }
            else if (p == 'x') { base = 16; s = s.substring(2); }
            else { base = 8; s = s.substring(1); }
        }
        boolean underscores = false;
        long n = 0;
        // Go's cutoff: the smallest n such that n*base overflows uint64.
        long cutoff = Long.divideUnsigned(-1L, base) + 1;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '_') { underscores = true; continue; }
            int d = Character.digit(c, 36);
            if (d < 0 || d >= base || c > 'z') throw SyntaxException.parse();
            if (Long.compareUnsigned(n, cutoff) >= 0) throw SyntaxException.range();
            n *= base;
            long n1 = n + d;
            if (Long.compareUnsigned(n1, n) < 0) throw SyntaxException.range();
            n = n1;
        }
        if (underscores && !underscoreOk(s0)) throw SyntaxException.parse();
        return n;
    }

    /** Go's rule: underscores only between digits (a base prefix counts as a digit). */
    static boolean underscoreOk(String s) {
        char saw = '^';
        int i = 0;
        if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) s = s.substring(1);
        boolean hex = false;
        if (s.length() >= 2 && s.charAt(0) == '0' && "bBoOxX".indexOf(s.charAt(1)) >= 0) {
            i = 2;
            saw = '0';
            hex = Character.toLowerCase(s.charAt(1)) == 'x';
        }
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            char l = Character.toLowerCase(c);
            if (('0' <= c && c <= '9') || (hex && 'a' <= l && l <= 'f')) { saw = '0'; continue; }
            if (c == '_') {
                if (saw != '0') return false;
                saw = '_';
                continue;
            }
            if (saw == '_') return false;
            saw = '!';
        }
        return saw != '_';
    }

    /** {@code strconv.ParseBool}. */
    public static boolean parseBool(String s) throws SyntaxException {
        return switch (s) {
            case "1", "t", "T", "TRUE", "true", "True" -> true;
            case "0", "f", "F", "FALSE", "false", "False" -> false;
            default -> throw SyntaxException.parse();
        };
    }

    private static final java.util.regex.Pattern DECIMAL_FLOAT =
            java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final java.util.regex.Pattern HEX_FLOAT =
            java.util.regex.Pattern.compile("[+-]?0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)[pP][+-]?\\d+");

    /** {@code strconv.ParseFloat(s, 64)}: decimal and hex (p exponent mandatory) forms, inf/infinity/nan. */
    public static double parseFloat(String s) throws SyntaxException {
        String lower = s.toLowerCase(java.util.Locale.ROOT);
        String unsigned = lower.startsWith("+") || lower.startsWith("-") ? lower.substring(1) : lower;
        if (unsigned.equals("inf") || unsigned.equals("infinity")) {
            return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (unsigned.equals("nan") && unsigned.length() == lower.length()) return Double.NaN;
        String t = s;
        if (s.indexOf('_') >= 0) {
            if (!underscoreOk(s)) throw SyntaxException.parse();
            t = s.replace("_", "");
        }
        boolean hex = HEX_FLOAT.matcher(t).matches();
        if (!hex && !DECIMAL_FLOAT.matcher(t).matches()) throw SyntaxException.parse();
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw SyntaxException.parse();
        }
        if (Double.isInfinite(v)) throw SyntaxException.range();
        return v;
    }

    /** {@code strconv.FormatFloat(v, 'g', -1, 64)}: shortest digits, exponent form when exp < -4 or >= 6. */
    public static String formatFloat(double v) {
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "+Inf" : "-Inf";
        if (v == 0) return (1 / v < 0) ? "-0" : "0";
        BigDecimal bd = new BigDecimal(Double.toString(v)).stripTrailingZeros();
        String digits = bd.unscaledValue().abs().toString();
        int exp = digits.length() - bd.scale() - 1; // decimal exponent of the first digit
        String sign = v < 0 ? "-" : "";
        if (exp < -4 || exp >= 6) { // Go uses precision 6 for this decision when shortest
            String mant = digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1) : digits;
            String e = Math.abs(exp) < 10 ? "0" + Math.abs(exp) : Integer.toString(Math.abs(exp));
            return sign + mant + "e" + (exp < 0 ? "-" : "+") + e;
        }
        return sign + bd.abs().toPlainString();
    }

    /** Go's {@code %q} / {@code strconv.Quote} (see {@link dev.goload.report.GoFmt#quote}). */
    public static String quote(String s) {
        return dev.goload.report.GoFmt.quote(s);
    }
}
