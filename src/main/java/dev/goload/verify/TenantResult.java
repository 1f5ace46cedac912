package dev.goload.verify;

/**
 * One tenant's delivery accounting after the drain (goload-behavior.md §3.1), field names as the reference's
 * JSON. The last two are goload-Java additions.
 *
 * @param missing            sent and never delivered (loss)
 * @param duplicate          delivery events of a seq already delivered
 * @param extra              delivered but never sent (and not from an ambiguous push), or beyond any reserved seq
 * @param firstMissingSeqs   up to 8 missing seqs, ascending
 * @param ambiguousSent      seqs of pushes without a definite answer (may or may not be stored)
 * @param ambiguousDelivered of those, delivered: stored by the broker although the client saw a failure
 */
public record TenantResult(int idx, String tenant, String cluster, String queue, long seqAssigned, long sentOk,
                           long sentFail, long sentLostFaultInjected, long received, long missing, long duplicate,
                           long extra, long crossTenantIn, long undecodable, long[] firstMissingSeqs,
                           long ambiguousSent, long ambiguousDelivered) {

    /** The reference's rule: no loss, no duplicate, no extra, no cross-tenant delivery, nothing undecodable. */
    public boolean ok() {
        return missing == 0 && duplicate == 0 && extra == 0 && crossTenantIn == 0 && undecodable == 0;
    }
}
