package dev.goload.modes.cloud;

import dev.goload.modes.run.Verdict;
import dev.goload.verify.TenantResult;
import dev.goload.verify.VerifyResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Cloud's delivery verdict as the run record's {@link Verdict}: none with {@code -verify=false}, else PASS, or FAIL
 * with one finding per failed tenant and the run's undecodable deliveries. Exit code 3 on FAIL unless
 * {@code -fail-on-verify=false} (the reference's rule). Stateless.
 */
final class CloudVerdict {
    /** The reference's exit code of a failed verdict. */
    static final int FAIL_EXIT = 3;

    private CloudVerdict() {}

    static Verdict of(VerifyResult v, boolean failOnVerify) {
        if (!v.enabled()) {
            return Verdict.NONE;
        }
        if (v.pass()) {
            return Verdict.pass();
        }
        List<String> findings = new ArrayList<>();
        for (TenantResult t : v.tenants()) {
            if (!t.ok()) {
                findings.add(String.format(Locale.ROOT,
                        "tenant %d (%s): sentOk=%d received=%d missing=%d duplicate=%d extra=%d crossTenantIn=%d",
                        t.idx(), t.tenant(), t.sentOk(), t.received(), t.missing(), t.duplicate(), t.extra(),
                        t.crossTenantIn()));
            }
        }
        if (v.undecodable() > 0) {
            findings.add("undecodable deliveries: " + v.undecodable());
        }
        if (findings.isEmpty()) {
            findings.add(String.format(Locale.ROOT, "missing=%d duplicate=%d extra=%d crossTenant=%d", v.missing(),
                    v.duplicate(), v.extra(), v.crossTenant()));
        }
        return Verdict.fail(failOnVerify ? FAIL_EXIT : 0, findings);
    }
}
