package dev.goload.modes.provision;

import dev.goload.config.ProvisionConfig;
import java.util.function.Consumer;

/** Chooses the backend from the config: JDBC when {@code -pg-url} is set, else the psql command. */
public final class ProvisionBackends {
    private ProvisionBackends() {}

    /** @param psqlNotices receives each stderr line of psql (the psql path only) */
    public static Provisioner.BackendOpener forConfig(ProvisionConfig c, Consumer<String> psqlNotices) {
        return c.usesJdbc()
                ? () -> c.dryRun() ? new DryRunJdbc() : JdbcBackend.connect(c.pgUrl(), c.pgUser(), c.pgPassword())
                : () -> new PsqlBackend(c.psqlCmd(), psqlNotices);
    }

    /** {@code -dry-run} with {@code -pg-url}: prints the prepared statements without connecting. */
    private static final class DryRunJdbc implements ProvisionBackend {
        @Override
        public Outcome bootstrap(ProvisionConfig c, String keyName, java.util.List<Need> needs) {
            throw new IllegalStateException("dry run");
        }

        @Override
        public java.util.Map<String, String> brokerTenants(java.util.Collection<String> slugs) {
            throw new IllegalStateException("dry run");
        }

        @Override
        public String describe(ProvisionConfig c, String keyName, java.util.List<Need> needs) {
            return JdbcBackend.describeStatements(c, keyName, needs);
        }

        @Override
        public void close() {
        }
    }
}
