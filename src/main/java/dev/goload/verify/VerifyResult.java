package dev.goload.verify;

import java.util.List;

/**
 * The run's delivery verdict: totals over every tenant and the per-tenant rows.
 *
 * @param verdict {@code PASS}, {@code FAIL}, or {@code SKIPPED} when verification was off
 */
public record VerifyResult(boolean enabled, String verdict, long sentOk, long received, long missing, long duplicate,
                           long extra, long crossTenant, long undecodable, long ambiguousDelivered,
                           List<TenantResult> tenants) {

    public static VerifyResult of(List<TenantResult> tenants) {
        long sent = 0, rcv = 0, miss = 0, dup = 0, extra = 0, cross = 0, undec = 0, amb = 0;
        boolean ok = true;
        for (TenantResult t : tenants) {
            sent += t.sentOk();
            rcv += t.received();
            miss += t.missing();
            dup += t.duplicate();
            extra += t.extra();
            cross += t.crossTenantIn();
            undec += t.undecodable();
            amb += t.ambiguousDelivered();
            ok &= t.ok();
        }
        return new VerifyResult(true, ok ? "PASS" : "FAIL", sent, rcv, miss, dup, extra, cross, undec, amb,
                List.copyOf(tenants));
    }

    public static VerifyResult skipped(List<TenantResult> tenants) {
        VerifyResult r = of(tenants);
        return new VerifyResult(false, "SKIPPED", r.sentOk, r.received, r.missing, r.duplicate, r.extra,
                r.crossTenant, r.undecodable, r.ambiguousDelivered, r.tenants);
    }

    public boolean pass() {
        return "PASS".equals(verdict);
    }

    /** The run verdict: PASS, FAIL, or UNVERIFIED when verification was off. */
    public String runVerdict() {
        return enabled ? verdict : "UNVERIFIED";
    }
}
