package dev.goload.report.html;

import dev.goload.report.Artifact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The HTML report's entry points: for the end of every run ({@link #artifact}, then {@link #write} once the record
 * is written) and for {@code goload report} on any earlier run, v1 records and ladder directories included.
 *
 * <pre>{@code
 * Artifact html = HtmlReport.artifact(dir, runId);     // listed in the record's artifacts as "html"
 * Path record = writer.finish(outcome, section, List.of(html, ...));
 * HtmlReport.writeNextTo(record);                      // writes <run-id>.html next to the record: html.path()
 * }</pre>
 */
public final class HtmlReport {
    private HtmlReport() {}

    /** The report's place next to a run's record: {@code <dir>/<run-id>.html}, as the record lists it. */
    public static Artifact artifact(Path dir, String runId) {
        return Artifact.of("html", dir.resolve(runId + ".html"));
    }

    /**
     * Writes the report of a just-written record next to it, as {@code <run-id>.html} (the path {@link #artifact}
     * named); returns that path. The end of every run calls this ({@code cli/ResultPipeline}, unless {@code -html=false}).
     *
     * @throws RunFiles.NotARun when {@code record} is not a run record
     */
    public static Path writeNextTo(Path record) throws IOException, RunFiles.NotARun {
        RunFiles f = RunFiles.locate(record);
        Path dir = record.toAbsolutePath().getParent();
        Path out = Path.of(artifact(dir, f.json().path("runId").asText("run")).path());
        return RunReport.page(RunData.load(f, IntervalGroups.DEFAULT_BUDGET)).write(out);
    }

    /**
     * Writes the report of the run at {@code source} (a record, a run directory or a ladder directory) to
     * {@code out} atomically; returns {@code out}.
     *
     * @throws RunFiles.NotARun when {@code source} is not a run (nothing is written)
     */
    public static Path write(Path source, Path out) throws IOException, RunFiles.NotARun {
        if (RunFiles.isLadder(source)) return LadderHtml.page(source).write(out);
        return RunReport.page(RunData.load(RunFiles.locate(source), IntervalGroups.DEFAULT_BUDGET)).write(out);
    }

    /** Where {@code goload report SOURCE} writes without {@code -o}: next to the record, or in the ladder's directory. */
    public static Path defaultOutput(Path source) throws RunFiles.NotARun {
        if (RunFiles.isLadder(source)) return source.resolve("ladder.html");
        RunFiles f = RunFiles.locate(source);
        String id = f.json().path("runId").asText("");
        String name = id.isEmpty() ? "report.html" : id + ".html";
        Path dir = f.record().toAbsolutePath().getParent();
        return dir == null || !Files.isDirectory(dir) ? Path.of(name) : dir.resolve(name);
    }
}
