package dev.goload.report.html;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** HTML text helpers: escaping and the small tables of the page. Stateless. */
final class Html {
    private Html() {}

    static String esc(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** A two-column table of {@code rows} (name, value), values escaped. */
    static String keyValues(Map<String, String> rows) {
        StringBuilder b = new StringBuilder("<table>");
        rows.forEach((k, v) -> b.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v))
                .append("</td></tr>"));
        return b.append("</table>").toString();
    }

    /** A table with a header row; cells escaped, numeric-looking cells right-aligned. */
    static String table(List<String> header, List<List<String>> rows) {
        StringBuilder b = new StringBuilder("<table><tr>");
        for (String h : header) b.append("<th>").append(esc(h)).append("</th>");
        b.append("</tr>");
        for (List<String> r : rows) {
            b.append("<tr>");
            for (String c : r) {
                b.append(isNumber(c) ? "<td class=\"n\">" : "<td>").append(esc(c)).append("</td>");
            }
            b.append("</tr>");
        }
        return b.append("</table>").toString();
    }

    static String badge(String text, String cls) {
        return "<span class=\"badge " + esc(cls) + "\">" + esc(text) + "</span>";
    }

    static String num(double v) {
        if (!Double.isFinite(v)) return "-";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return String.format(Locale.ROOT, "%d", (long) v);
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.3f", v);
    }

    private static boolean isNumber(String s) {
        if (s == null || s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Character.isDigit(c) || c == '.' || c == '-' || c == '+' || c == '%' || c == 'e' || c == 'E')) {
                return false;
            }
        }
        return Character.isDigit(s.charAt(s.length() - 1)) || s.endsWith("%");
    }
}
