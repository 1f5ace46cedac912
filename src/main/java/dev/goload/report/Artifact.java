package dev.goload.report;

import java.nio.file.Path;

/**
 * One file a run left, as the record's {@code artifacts} list names it.
 *
 * @param kind {@code record}, {@code intervalsCsv}, {@code hlog}, {@code cloudJson}, {@code cloudCsv}, {@code orderJson},
 *             {@code stageLogs}, {@code rawLogs}, {@code tenantsFile}, {@code html}, …
 */
public record Artifact(String kind, String path) {
    public static Artifact of(String kind, Path path) {
        return new Artifact(kind, path.toString());
    }
}
