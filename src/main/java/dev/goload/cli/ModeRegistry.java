package dev.goload.cli;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The modes this build knows, by name, in overview order. Immutable after construction; safe to share.
 * Plugging a real engine is a one-line change in {@link #standard()}.
 */
public final class ModeRegistry {
    private static final Map<String, String> SUMMARIES = Map.of(
            "max", "closed-loop max pipe: N producers push as fast as responses return, M consumers pop (default)",
            "openloop", "paced offered load (-rate msg/s) with schedule-based push latency, shed and in-flight cap",
            "cloud", "multi-tenant campaign workload through the proxy or broker with per-message delivery verdict",
            "provision", "create real proxy tenants via psql and cache their API keys in a tenants file",
            "order", "ordering / loss / duplication / ack correctness gate with a sequential producer",
            "cm", "channel-manager two-flow ordered pipeline with an ordered-delivery verifier",
            "tenants", "many small mostly-idle queues with parked long-poll consumers (resource profile)",
            "app", "realistic closed-loop application workload: fan-out groups, retries, DLQ, transactions");

    private final Map<String, ModeCommand> modes = new LinkedHashMap<>();

    public ModeRegistry(List<ModeCommand> commands) {
        for (ModeCommand c : commands) {
            if (modes.putIfAbsent(c.name(), c) != null) throw new IllegalArgumentException("duplicate mode " + c.name());
        }
    }

    /** Every mode of this build. */
    public static ModeRegistry standard() {
        return new ModeRegistry(List.of(
                new MaxCommand(),
                new OpenLoopCommand(),
                new CloudCommand(),
                new ProvisionCommand(),
                new OrderCommand(),
                new CmCommand(),
                new TenantsCommand(),
                new AppCommand()));
    }

    public Optional<ModeCommand> find(String name) { return Optional.ofNullable(modes.get(name)); }

    public boolean has(String name) { return modes.containsKey(name); }

    public Collection<ModeCommand> all() { return List.copyOf(modes.values()); }

    /** A copy with {@code command} replacing (or adding) the mode of the same name. */
    public ModeRegistry with(ModeCommand command) {
        Map<String, ModeCommand> m = new LinkedHashMap<>(modes);
        m.put(command.name(), command);
        return new ModeRegistry(List.copyOf(m.values()));
    }

    /** The overview line for a mode name ("" if unknown). */
    public static String summaryOf(String mode) { return SUMMARIES.getOrDefault(mode, ""); }
}
