package dev.goload.modes.cm;

import dev.goload.client.QueenClient;
import dev.goload.config.AttributionOptions;
import dev.goload.verify.CmStage;
import dev.goload.verify.CmStageRow;
import dev.goload.verify.CmVerdict;
import dev.goload.verify.CmVerifier;
import dev.goload.verify.LossAttribution;
import dev.goload.verify.LossReport;
import dev.goload.verify.MissingMessage;
import dev.goload.verify.ProducedMeta;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The gaps of a {@code cm} verdict as loss-attribution candidates: each failing stage's log is read again for its
 * first gaps (the verifier keeps only counts), and each gap (stage, prop, seq) is looked up in the stage's queue,
 * partition {@code p<prop>}, with the stable transaction id it was pushed with, for the stage's own consumer group;
 * its witness is the nearest lower seq of the same property the stage applied. Stateless.
 */
final class CmLossCandidates {
    private CmLossCandidates() {
    }

    /** Null when the logs cannot be read again (the verdict could not have been made either). */
    static LossReport attribute(CmVerdict v, CmEvents events, Path logdir, QueenClient client,
                                AttributionOptions options) {
        if (!options.enabled()) {
            return LossReport.disabled(v.gaps(), options.maxLookups());
        }
        ProducedMeta meta;
        try {
            meta = ProducedMeta.read(logdir);
        } catch (IOException e) {
            return null;
        }
        int max = options.maxLookups();
        List<MissingMessage> candidates = new ArrayList<>();
        for (CmStageRow row : v.rows()) {
            if (row.gaps() == 0 || candidates.size() >= max) {
                continue;
            }
            CmStage s = row.stage();
            for (long[] g : CmVerifier.stageGaps(logdir.resolve(s.fileName()), s, meta, max - candidates.size())) {
                int prop = (int) g[0];
                candidates.add(new MissingMessage(s.label() + ":" + prop + ":" + g[1], 0, s.queue(), "p" + prop,
                        events.transactionId(s.queue(), prop, g[1]),
                        g[2] < 0 ? null : events.transactionId(s.queue(), prop, g[2]), s.group()));
            }
        }
        return new LossAttribution((owner, pid, txn) -> client.lookupMessage(pid, txn),
                (owner, queue, partition) -> events.partitionIdOf(queue, partition), null, max)
                .run(v.gaps(), candidates);
    }
}
