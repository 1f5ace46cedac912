package dev.goload.modes.cloud;

import dev.goload.config.AttributionOptions;
import dev.goload.config.CloudConfig;
import dev.goload.verify.LossAttribution;
import dev.goload.verify.LossReport;
import dev.goload.verify.MissingMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * The missing cloud messages to attribute, recomputed from the ledgers: a missing (tenant, seq) has its queue, its
 * partition ({@link TenantState#partitionFor}) and its transaction id ({@link CloudTxnIds}) by construction, so
 * nothing per message is remembered during the run. Each gets a witness — the nearest earlier seq of the same
 * partition that the tenant received, first in its own push block (stored before it by the same request), else in
 * up to {@value #WITNESS_BLOCKS} earlier blocks of that partition.
 */
final class CloudLossCandidates {
    static final int WITNESS_BLOCKS = 32;

    private CloudLossCandidates() {
    }

    /** Attributes the run's {@code missing} messages (on: {@code options.enabled()}) through each tenant's client. */
    static LossReport attribute(List<TenantState> tenants, CloudTxnIds ids, CloudConfig cfg, AttributionOptions options,
                                long missing) {
        if (!options.enabled()) {
            return LossReport.disabled(missing, options.maxLookups());
        }
        List<MissingMessage> candidates = of(tenants, ids, cfg.pushBatch(), options.maxLookups());
        return new LossAttribution((owner, pid, txn) -> tenants.get(owner).client.lookupMessage(pid, txn),
                (owner, queue, partition) -> tenants.get(owner).partitionIds.idOf(partition), cfg.group(),
                options.maxLookups()).run(missing, candidates);
    }

    /** At most {@code max} candidates, tenant by tenant; {@link MissingMessage#owner()} = index in {@code tenants}. */
    static List<MissingMessage> of(List<TenantState> tenants, CloudTxnIds ids, int pushBatch, int max) {
        List<MissingMessage> out = new ArrayList<>();
        for (int i = 0; i < tenants.size() && out.size() < max; i++) {
            TenantState t = tenants.get(i);
            int idx = t.tenant.idx();
            for (long s : t.ledger.missingSeqs(max - out.size())) {
                String partition = t.partitionFor(s, pushBatch);
                long w = witness(t, s, pushBatch);
                out.add(new MissingMessage(idx + ":" + s, i, t.queue, partition == null ? "Default" : partition,
                        ids.of(idx, s), w < 1 ? null : ids.of(idx, w), null));
            }
        }
        return out;
    }

    /** The witness seq of missing {@code s}, or 0 when none was received nearby. */
    static long witness(TenantState t, long s, int pushBatch) {
        long block = (s - 1) / pushBatch;
        for (long w = s - 1; w >= block * pushBatch + 1; w--) {
            if (t.ledger.wasReceived(w)) {
                return w;
            }
        }
        int step = t.partitions == null ? 1 : t.activePartitions;
        for (int j = 1; j <= WITNESS_BLOCKS; j++) {
            long b = block - (long) j * step;
            if (b < 0) {
                break;
            }
            for (long w = (b + 1) * pushBatch; w >= b * pushBatch + 1; w--) {
                if (t.ledger.wasReceived(w)) {
                    return w;
                }
            }
        }
        return 0;
    }
}
