package dev.goload.report;

import dev.goload.modes.cloud.CloudResult;
import dev.goload.verify.LossReport;
import dev.goload.verify.TenantLedger;
import dev.goload.verify.TenantResult;
import dev.goload.verify.VerifyResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cloud's {@code section} of its {@code goload.run/2} record ({@code <run-id>.run.json}, docs/cloud.md): per tenant its
 * deliveries and its row of the reference's verify block, the cross-tenant and undecodable deliveries, the verify summary, the drain, the faults
 * injected and what they affected, and the loss attribution. The common figures (counters, errors, latency) are the
 * record's own; the reference's attempt counts ({@code popReqs}, {@code ackReqs}) are here. No API key: tenants by
 * slug. Stateless.
 */
public final class CloudRunSection {
    private CloudRunSection() {}

    public static Map<String, Object> of(CloudResult r, LossReport loss) {
        VerifyResult v = r.verify();
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> tenants = new ArrayList<>();
        for (int i = 0; i < v.tenants().size(); i++) {
            TenantResult t = v.tenants().get(i);
            long[] d = r.tenantDelivery().get(i);
            Map<String, Object> row = CloudRecord.tenantRow(t);
            row.put("pushed", d[0]);
            row.put("popped", d[1]);
            row.put("acked", d[2]);
            row.put("ambiguousSent", t.ambiguousSent());
            row.put("ambiguousDelivered", t.ambiguousDelivered());
            tenants.add(row);
        }
        m.put("tenants", tenants);
        m.put("crossTenant", r.extras().crossTenant());
        m.put("undecodable", r.extras().undecodable());
        m.put("popReqs", r.extras().popReqs());
        m.put("ackReqs", r.extras().ackReqs());
        Map<String, Object> verify = CloudRecord.verifySummary(v);
        verify.put("ambiguousDelivered", v.ambiguousDelivered());
        m.put("verify", verify);
        Map<String, Object> drain = new LinkedHashMap<>();
        drain.put("loadSec", r.loadSec());
        drain.put("drainSec", r.drainSec());
        drain.put("plannedSec", r.drainPlannedSec());
        drain.put("autoSized", r.drainAutoSized());
        drain.put("deliveries", r.drainDeliveries());
        drain.put("last2sDeliveries", r.tailDeliveries());
        drain.put("stragglersAtShutdown", r.stragglers());
        m.put("drain", drain);
        CloudResult.Faults f = r.faults();
        Map<String, Object> faults = new LinkedHashMap<>();
        faults.put("dupPush", f.dupPush());
        faults.put("loseMsg", f.loseMsg());
        faults.put("dropAck", f.dropAck());
        faults.put("dupPushMsgs", f.dupPushMsgs());
        faults.put("dropAckMsgs", f.dropAckMsgs());
        m.put("faults", faults);
        m.put("configureSec", r.configureSec());
        m.put("pacers", r.pacers());
        m.put("pushPath", r.pushPath());
        m.put("verifyBitmapBytes", r.bitmapBytes());
        m.put("verification", verification(r));
        m.put("lossAttribution", loss == null ? null : LossLines.record(loss));
        return m;
    }

    /**
     * What the (tenant, seq) verification holds in memory: every heap byte of the tenants' ledgers (bitmap words,
     * array headers and the ledger objects, {@link TenantLedger#FIXED_BYTES}) and that per tenant.
     */
    private static Map<String, Object> verification(CloudResult r) {
        int ledgers = r.tenantDelivery().size();
        long bytes = TenantLedger.heldBytes(ledgers, r.bitmapBytes());
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("ledgers", ledgers);
        v.put("ledgerBytes", bytes);
        v.put("ledgerBytesPerTenant", ledgers == 0 ? 0 : bytes / ledgers);
        return v;
    }
}
