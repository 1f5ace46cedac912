package dev.goload.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.config.CloudConfig;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.cloud.CloudCounters;
import dev.goload.modes.cloud.CloudResult;
import dev.goload.verify.TenantResult;
import dev.goload.verify.VerifyResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cloud run record {@code <out>/<run-id>.json} (goload-behavior.md §2.3 "JSON"): the reference's top-level keys
 * in its struct order, its Go-map objects ({@code config}, {@code latency}, {@code errors}, {@code byKind},
 * {@code byCode}, {@code firstMessage}, {@code faultsInjected}) with sorted keys, then one {@code additions} object
 * holding everything goload-Java adds. {@code config} also carries {@code activeFraction} and
 * {@code activePartitions} (spec §8 #17). No API key is ever written: tenants appear by slug only.
 *
 * <p>Written atomically ({@code .tmp} + rename), indented, with a trailing newline.
 */
public final class CloudRecord {
    /**
     * The reference's latency names (in its JSON and summary order) → the run's recorder tags: e2eFromSchedule is the
     * common {@code e2e}, pushRtt the common {@code service}, ackRtt the common {@code ack}.
     */
    static final Map<String, String> REFERENCE_LATENCY = referenceLatency();

    private static Map<String, String> referenceLatency() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("e2eFromSchedule", "e2e");
        m.put("e2eFromSend", "e2eFromSend");
        m.put("pushRtt", "service");
        m.put("ackRtt", "ack");
        return java.util.Collections.unmodifiableMap(m);
    }

    static final String BYTES_NOTE = "nominal = JSON-encoded payload size x messages; excludes HTTP framing and the"
            + " envelope the broker adds. The authoritative wire bytes are the proxy's own metered bytes_in/bytes_out.";

    private CloudRecord() {}

    /** The record as ordered maps (tests read it back). */
    public static Map<String, Object> build(CloudConfig cfg, int tenants, CloudResult r, int nominalBytes,
                                            Map<String, Object> extraAdditions) {
        RunCounters.Snapshot s = r.counters();
        CloudCounters.Snapshot x = r.extras();
        double load = Math.max(1e-9, r.loadSec());
        double whole = Math.max(1e-9, r.loadSec() + r.drainSec());
        int batch = cfg.pushBatch();
        double ptRate = cfg.perTenantMsgRate(tenants);

        Map<String, Object> m = new LinkedHashMap<>();
        m.put("runId", r.runId());
        m.put("tool", "goload -mode cloud");
        m.put("startedAt", CloudCsv.rfc3339(r.outcome().startedEpochMs()));
        m.put("endedAt", CloudCsv.rfc3339(r.outcome().endedEpochMs()));
        m.put("loadSec", r.loadSec());
        m.put("drainSec", r.drainSec());

        Map<String, Object> c = new TreeMap<>();
        c.put("target", cfg.target());
        c.put("url", cfg.url());
        c.put("tenants", tenants);
        c.put("tenantsFile", cfg.tenantsFile());
        c.put("sharedQueue", cfg.sharedQueue());
        c.put("queue", cfg.queue());
        c.put("group", cfg.group());
        c.put("partitions", cfg.partitions());
        c.put("brokerTenantHeader", cfg.brokerTenantHeader());
        c.put("offeredMsgPerSecTotal", ptRate * tenants);
        c.put("offeredMsgPerSecPerTenant", ptRate);
        c.put("pushBatch", batch);
        c.put("producersPerTenant", cfg.producersPerTenant());
        c.put("maxInflight", cfg.maxInflight());
        c.put("consumersPerTenant", cfg.consumersPerTenant());
        c.put("popBatch", cfg.popBatch());
        c.put("popWait", cfg.popWait());
        c.put("popTimeoutMs", cfg.popTimeoutMs());
        c.put("popPartitions", cfg.popPartitions());
        c.put("autoAck", cfg.autoAck());
        c.put("payloadBytes", cfg.payloadBytes());
        c.put("durationSec", cfg.durationSec());
        c.put("drainSec", r.drainPlannedSec());
        c.put("timeoutMs", cfg.timeoutMs());
        c.put("idleConnsPerClient", cfg.idleConnsPerClient(tenants));
        c.put("retry429Attempts", cfg.retry429Attempts());
        c.put("retries", cfg.retries());
        c.put("leaseTime", cfg.leaseTimeSec());
        c.put("dedupWindowSeconds", cfg.dedupWindowSec());
        c.put("minPopWaitTime", cfg.minPopWaitMs());
        c.put("completedRetentionSeconds", cfg.completedRetentionSec());
        c.put("retentionSeconds", cfg.pendingRetentionSec());
        c.put("verify", cfg.verify());
        c.put("fault", cfg.fault());
        c.put("note", cfg.note());
        c.put("drainDeliveries", r.drainDeliveries());
        c.put("drainLast2sDeliveries", r.tailDeliveries());
        c.put("activeFraction", cfg.activeFraction());
        c.put("activePartitions", cfg.activePartitions());
        m.put("config", c);

        Map<String, Object> offered = new LinkedHashMap<>();
        offered.put("msgPerSec", s.offeredReq() * batch / load);
        offered.put("reqPerSec", s.offeredReq() / load);
        offered.put("msgs", s.offeredReq() * batch);
        offered.put("reqs", s.offeredReq());
        offered.put("shedMsgs", s.shedReq() * batch);
        offered.put("shedReqs", s.shedReq());
        m.put("offered", offered);

        Map<String, Object> achieved = new LinkedHashMap<>();
        achieved.put("pushMsgPerSec", s.pushedMsgs() / load);
        achieved.put("popMsgPerSecLoadPhase", r.poppedAtDrainStart() / load);
        achieved.put("popMsgPerSecWholeRun", s.popped() / whole);
        achieved.put("ackMsgPerSecWholeRun", s.acked() / whole);
        achieved.put("pushedMsgs", s.pushedMsgs());
        achieved.put("poppedMsgs", s.popped());
        achieved.put("ackedMsgs", s.acked());
        achieved.put("pushReqs", s.sentReq());
        achieved.put("popReqs", x.popReqs());
        achieved.put("ackReqs", x.ackReqs());
        achieved.put("emptyPops", s.emptyPops());
        m.put("achieved", achieved);

        Map<String, Object> latency = new TreeMap<>();
        REFERENCE_LATENCY.forEach((name, tag) -> latency.put(name, latency(r.latency(tag))));
        m.put("latency", latency);

        Map<String, Object> errors = new TreeMap<>();
        r.errors().forEach((fam, e) -> errors.put(fam, errors(e)));
        m.put("errors", errors);

        Map<String, Object> bytes = new LinkedHashMap<>();
        bytes.put("perMsgNominalBytes", nominalBytes);
        bytes.put("pushedNominalBytes", s.pushedMsgs() * nominalBytes);
        bytes.put("deliveredNominalBytes", s.popped() * nominalBytes);
        bytes.put("note", BYTES_NOTE);
        m.put("bytes", bytes);

        m.put("verify", verify(r.verify()));
        Map<String, Object> fi = new TreeMap<>();
        fi.put("dupPush", r.faults().dupPush());
        fi.put("loseMsg", r.faults().loseMsg());
        fi.put("dropAck", r.faults().dropAck());
        m.put("faultsInjected", fi);
        m.put("verdict", r.verify().runVerdict());
        m.put("additions", additions(cfg, r, extraAdditions));
        return m;
    }

    /** The reference's latency object: the summary's count as {@code samples}, its p50/p95/p99/p999/max. */
    private static Map<String, Object> latency(LatencySummary l) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("samples", l.count());
        o.put("p50Ms", l.p50());
        o.put("p95Ms", l.p95());
        o.put("p99Ms", l.p99());
        o.put("p999Ms", l.p999());
        o.put("maxMs", l.max());
        return o;
    }

    private static Map<String, Object> errors(ErrorStats.Snapshot e) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("total", e.total());
        o.put("byKind", new TreeMap<>(e.byKind()));
        o.put("byCode", new TreeMap<>(e.byCode()));
        o.put("retryAfterSamples", e.retryAfterSamples());
        o.put("retryAfterAvgSec", e.retryAfterAvgSec());
        o.put("retryAfterMaxSec", e.retryAfterMaxSec());
        o.put("firstMessage", new TreeMap<>(e.firstMessage()));
        return o;
    }

    private static Map<String, Object> verify(VerifyResult v) {
        Map<String, Object> o = verifySummary(v);
        List<Object> rows = new ArrayList<>();
        for (TenantResult t : v.tenants()) {
            rows.add(tenantRow(t));
        }
        o.put("tenants", rows);
        return o;
    }

    /** The reference's verify counts (its {@code verify} object without the tenant rows). */
    static Map<String, Object> verifySummary(VerifyResult v) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("enabled", v.enabled());
        o.put("verdict", v.verdict());
        o.put("sentOk", v.sentOk());
        o.put("received", v.received());
        o.put("missing", v.missing());
        o.put("duplicate", v.duplicate());
        o.put("extra", v.extra());
        o.put("crossTenant", v.crossTenant());
        o.put("undecodable", v.undecodable());
        return o;
    }

    /** One tenant's row of the reference's {@code verify.tenants}. */
    static Map<String, Object> tenantRow(TenantResult t) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("idx", t.idx());
        row.put("tenant", t.tenant());
        row.put("cluster", t.cluster());
        row.put("queue", t.queue());
        row.put("seqAssigned", t.seqAssigned());
        row.put("sentOk", t.sentOk());
        row.put("sentFail", t.sentFail());
        row.put("sentLostFaultInjected", t.sentLostFaultInjected());
        row.put("received", t.received());
        row.put("missing", t.missing());
        row.put("duplicate", t.duplicate());
        row.put("extra", t.extra());
        row.put("crossTenantIn", t.crossTenantIn());
        row.put("undecodable", t.undecodable());
        if (t.firstMissingSeqs().length > 0) {
            row.put("firstMissingSeqs", t.firstMissingSeqs());
        }
        row.put("ok", t.ok());
        return row;
    }

    private static Map<String, Object> additions(CloudConfig cfg, CloudResult r, Map<String, Object> extra) {
        RunCounters.Snapshot s = r.counters();
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("note", "goload-Java additions; every key above this object is the reference's");
        a.put("stopReason", r.outcome().stopReason());
        a.put("drainFlagSec", cfg.drainSec());
        a.put("drainAutoSized", r.drainAutoSized());
        a.put("rampSec", cfg.rampSeconds());
        a.put("behindMs", cfg.behindMillis());
        a.put("popAutopilot", cfg.popAutopilot());
        a.put("pacers", r.pacers());
        a.put("shed", ordered("capReqs", s.shedCapReq(), "behindReqs", s.shedBehindReq()));
        a.put("pushItemsFailedInside2xx", s.itemFailed());
        a.put("errorBackoff", ordered("backoffs", s.backoffs(), "backoffMillis", s.backoffMillis()));
        a.put("crossTenantDeliveries", r.extras().crossTenant());
        a.put("undecodableDeliveries", r.extras().undecodable());
        a.put("pacerLatenessMaxMs", r.latency("lateness").max());
        a.put("lateness", latency(r.latency("lateness")));
        a.put("loader", r.loader());
        a.put("loaderBound", r.loader().loaderBound());
        Map<String, Object> faults = new LinkedHashMap<>();
        faults.put("dupPushMsgs", r.faults().dupPushMsgs());
        faults.put("dropAckMsgs", r.faults().dropAckMsgs());
        a.put("faultsAffected", faults);
        List<Object> amb = new ArrayList<>();
        for (TenantResult t : r.verify().tenants()) {
            if (t.ambiguousSent() > 0) {
                amb.add(ordered("idx", t.idx(), "ambiguousSent", t.ambiguousSent(), "ambiguousDelivered",
                        t.ambiguousDelivered()));
            }
        }
        a.put("ambiguousDelivered", r.verify().ambiguousDelivered());
        a.put("ambiguousTenants", amb);
        List<Object> per = new ArrayList<>();
        List<TenantResult> rows = r.verify().tenants();
        for (int i = 0; i < rows.size(); i++) {
            long[] d = r.tenantDelivery().get(i);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("idx", rows.get(i).idx());
            row.put("pushed", d[0]);
            row.put("popped", d[1]);
            row.put("acked", d[2]);
            per.add(row);
        }
        a.put("tenantCounters", per);
        a.put("configureSec", r.configureSec());
        a.put("verifyBitmapBytes", r.bitmapBytes());
        a.put("stragglersAtShutdown", r.stragglers());
        a.putAll(extra);
        return a;
    }

    /**
     * A JSON object with its keys in the order given ({@code Map.of} iterates in a per-JVM random order, so the bytes
     * of the same record differed between runs); for the records of cloud and order.
     */
    static Map<String, Object> ordered(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** Writes the record atomically; returns the path. */
    public static Path write(Path dir, String runId, Map<String, Object> record) throws IOException {
        Path target = dir.resolve(runId + ".json");
        Path tmp = dir.resolve(runId + ".json.tmp");
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"));
        byte[] json = new ObjectMapper().writer(pp).writeValueAsBytes(record);
        byte[] withNl = new byte[json.length + 1];
        System.arraycopy(json, 0, withNl, 0, json.length);
        withNl[json.length] = '\n';
        Files.write(tmp, withNl);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return target;
    }
}
