package dev.goload.modes.cm;

import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.CmConfig;
import dev.goload.metrics.ErrorStats;
import dev.goload.verify.CmStage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** The four {@code cm} queues' configure call at t=0 (goload-behavior.md §2.6). Stateless. */
final class CmQueues {
    private CmQueues() {}

    /**
     * Configures the four queues; a failure is counted in {@code errors}, said as a {@link CmNote.ConfigureWarning}
     * and does not stop the run (the reference goes on too); then {@link CmNote.Configured}.
     */
    static void configure(CmConfig cfg, QueenClient client, ErrorStats errors, Consumer<? super CmNote> notes) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("retentionEnabled", true);
        o.put("completedRetentionSeconds", cfg.completedRetention());
        o.put("retentionSeconds", 0);
        o.put("leaseTime", cfg.leaseTime());
        o.put("dedupWindowSeconds", cfg.dedupWindow());
        List<String> names = List.of(cfg.queue(CmStage.AVAIL), cfg.queue(CmStage.OTA_SYNC), cfg.queue(CmStage.PRICES),
                cfg.queue(CmStage.OTA_PRICES));
        for (String q : names) {
            try {
                client.configure(q, o, false);
            } catch (QueenException e) {
                dev.goload.modes.Errors.record(errors, e);
                notes.accept(new CmNote.ConfigureWarning(q, e.getMessage()));
            }
        }
        notes.accept(new CmNote.Configured(names));
    }
}
