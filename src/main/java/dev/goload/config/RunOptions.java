package dev.goload.config;

import java.nio.file.Path;

/**
 * Run-wide settings.
 *
 * @param durationSeconds  0 = until SIGINT/SIGTERM
 * @param reportSeconds    report interval (> 0)
 * @param outDir           artifact directory (null: no artifacts)
 * @param runId            identifier of this run (names artifacts)
 * @param configLine       the command line as given, secrets masked (recorded in artifacts)
 */
public record RunOptions(int durationSeconds, int reportSeconds, Path outDir, String runId, String configLine) {}
