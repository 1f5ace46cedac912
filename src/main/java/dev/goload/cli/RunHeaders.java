package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.report.RunHeader;

/** The {@code goload.run/2} record's opening fields of a command line (secrets masked by {@link LoadModeSupport}). */
final class RunHeaders {
    private RunHeaders() {}

    /**
     * @param url  the broker's base URL the run targets
     * @param seed the run's random seed, null when it has none
     */
    static RunHeader of(ParsedFlags f, String mode, String runId, QueenClient client, String url, Long seed) {
        boolean embedded = f.table().has("embedded") && f.getBool("embedded");
        return new RunHeader(runId, mode, Version.current(), client.engine().label(),
                LoadModeSupport.configLine(f, mode), LoadModeSupport.maskedFlags(f), seed,
                new RunHeader.Broker(url, embedded, embedded));
    }
}
