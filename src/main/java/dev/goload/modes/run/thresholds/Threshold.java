package dev.goload.modes.run.thresholds;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code -threshold} expression as written, parsed but not yet checked against a mode's metrics
 * ({@link ThresholdSet#of} does that). Grammar (whitespace between the parts is allowed):
 * <pre>
 *   expr   := metric op rhs
 *   op     := &lt; | &lt;= | &gt; | &gt;= | == | !=
 *   rhs    := number [unit]          unit := us | ms | s | %
 *           | [number *] metric      e.g. achieved&gt;=0.99*offered
 *   metric := name(.part)*           e.g. shed, shed.cap, push.p99, e2e.p99.9, verify.missing
 * </pre>
 *
 * @param expr   the expression, trimmed (printed and recorded as given)
 * @param metric the left side's metric name
 * @param op     the comparison
 * @param number the right side's number ({@code k} in {@code k*metric}, 1 for a bare metric)
 * @param unit   the number's unit ({@code ""} when none; always {@code ""} with a right-side metric)
 * @param rhsMetric the right side's metric, or null for a constant limit
 */
public record Threshold(String expr, String metric, Op op, double number, String unit, String rhsMetric) {

    private static final String NAME = "[A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)*";
    private static final String NUMBER = "(?:\\d+(?:\\.\\d+)?|\\.\\d+)(?:[eE][+-]?\\d+)?";
    private static final Pattern METRIC = Pattern.compile(NAME);
    private static final Pattern CONSTANT = Pattern.compile("(" + NUMBER + ")\\s*(us|µs|ms|s|%)?");
    private static final Pattern REFERENCE = Pattern.compile("(?:(" + NUMBER + ")\\s*\\*\\s*)?(" + NAME + ")");

    /**
     * Parses one expression.
     *
     * @throws ThresholdException when it is malformed (the message quotes it and says what is wrong)
     */
    public static Threshold parse(String text) {
        String expr = text.strip();
        if (expr.isEmpty()) throw bad(text, "empty expression");
        int at = -1;
        Op op = null;
        for (int i = 0; i < expr.length() && op == null; i++) {
            for (Op o : Op.values()) { // two-character operators first
                if (expr.startsWith(o.symbol(), i)) {
                    at = i;
                    op = o;
                    break;
                }
            }
        }
        if (op == null) {
            throw bad(expr, expr.contains("=") ? "'=' is not a comparison: write == (e.g. shed==0)"
                    : "no comparison: write metric<limit with one of < <= > >= == !=");
        }
        String left = expr.substring(0, at).strip();
        String right = expr.substring(at + op.symbol().length()).strip();
        if (left.isEmpty()) throw bad(expr, "no metric before " + op.symbol());
        if (!METRIC.matcher(left).matches()) throw bad(expr, quote(left) + " is not a metric name");
        if (right.isEmpty()) throw bad(expr, "no limit after " + op.symbol());
        if (right.startsWith("=") || right.startsWith("<") || right.startsWith(">") || right.startsWith("!")) {
            throw bad(expr, "one comparison per expression");
        }
        Matcher c = CONSTANT.matcher(right);
        if (c.matches()) {
            String unit = c.group(2) == null ? "" : c.group(2).equals("µs") ? "us" : c.group(2);
            return new Threshold(expr, left, op, Double.parseDouble(c.group(1)), unit, null);
        }
        Matcher r = REFERENCE.matcher(right);
        if (r.matches()) {
            double k = r.group(1) == null ? 1 : Double.parseDouble(r.group(1));
            return new Threshold(expr, left, op, k, "", r.group(2));
        }
        throw bad(expr, "cannot read the limit " + quote(right)
                + ": want a number with an optional unit (us, ms, s, %) or [k*]metric");
    }

    /** The metrics the expression reads: its left side, and its right side's metric if any. */
    public java.util.List<String> metrics() {
        return rhsMetric == null ? java.util.List.of(metric) : java.util.List.of(metric, rhsMetric);
    }

    private static ThresholdException bad(String expr, String why) {
        return new ThresholdException("-threshold " + quote(expr) + ": " + why);
    }

    /** Double-quoted, as the command line's other messages quote values. */
    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
