package dev.goload.cli;

import java.util.Collection;
import java.util.Optional;

/**
 * "did you mean -pop-batch?" for a flag a table does not declare: the declared name at the smallest
 * optimal-string-alignment distance (edits, with a swap of two neighbours counting as one), if that distance
 * is small for the name's length — a wild guess is worse than none. Ties go to the name listed first. Stateless.
 */
final class FlagSuggestions {
    private FlagSuggestions() {}

    /** The closest of {@code declared} to {@code unknown} (both without dashes), if any is close enough. */
    static Optional<String> closest(String unknown, Collection<String> declared) {
        int allowed = unknown.length() <= 3 ? 1 : unknown.length() <= 8 ? 2 : 3;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : declared) {
            int d = distance(unknown, name);
            if (d < bestDistance) {
                best = name;
                bestDistance = d;
            }
        }
        return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** The suggestion line for {@code unknown}, e.g. {@code did you mean -pop-batch?}, with {@code dashes} before the name. */
    static Optional<String> line(String unknown, Collection<String> declared, String dashes) {
        return closest(unknown, declared).map(n -> "did you mean " + dashes + n + "?");
    }

    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
