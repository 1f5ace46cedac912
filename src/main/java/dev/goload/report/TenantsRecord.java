package dev.goload.report;

import dev.goload.modes.tenants.TenantsFigures;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code section} of a {@code -mode tenants} {@code goload.run/2} record (docs/tenants.md): the shape, the tail,
 * and the descriptor budget that decided where an embedded broker runs. Everything else (counters, errors by kind,
 * the loader's self-measurement) is in the record's common fields.
 */
public final class TenantsRecord {
    private TenantsRecord() {}

    /**
     * @param fdSockets the sockets the run needs at most ({@code cli.FdBudget}), {@code fdLimit} the process limit
     */
    public static Map<String, Object> section(TenantsFigures f, long fdSockets, long fdLimit) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tenants", f.tenants());
        m.put("queues", f.queues());
        m.put("consumers", f.consumers());
        m.put("tail", f.tail());
        m.put("tailQueues", f.tailQueues());
        Map<String, Object> fd = new LinkedHashMap<>();
        fd.put("sockets", fdSockets);
        fd.put("limit", fdLimit);
        m.put("fdBudget", fd);
        return m;
    }
}
