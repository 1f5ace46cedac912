package dev.goload.report;

import java.io.PrintStream;
import java.util.List;

/**
 * The {@code [artifacts]} block every run (and {@code goload merge}) ends with: a blank line, {@code [artifacts]
 * <first>}, then each other file on its own line, aligned under the first. Scripts find the files by these lines, so
 * there is one printer.
 */
public final class ArtifactsBlock {
    private static final String INDENT = "            "; // under "[artifacts] "

    private ArtifactsBlock() {}

    /** Prints {@code paths} (at least one; Paths or Strings) as the block. */
    public static void print(PrintStream out, List<?> paths) {
        out.printf("%n[artifacts] %s%n", paths.getFirst());
        for (Object p : paths.subList(1, paths.size())) out.printf(INDENT + "%s%n", p);
    }
}
