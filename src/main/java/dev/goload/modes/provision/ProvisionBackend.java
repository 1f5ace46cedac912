package dev.goload.modes.provision;

import dev.goload.config.ProvisionConfig;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Where {@code bootstrap_tenant} runs: JDBC ({@link JdbcBackend}) or a psql shell command ({@link PsqlBackend}).
 * One instance per run, used from one thread.
 */
interface ProvisionBackend extends AutoCloseable {

    /** A tenant index to create and its slug. */
    record Need(int idx, String slug) {}

    /** A row returned by {@code bootstrap_tenant}; {@code apiKey} "" = NULL (key name already used). */
    record Created(int idx, String slug, String tenantId, String clusterId, String apiKey) {
        @Override
        public String toString() {
            return "Created[idx=" + idx + ", slug=" + slug + ", apiKey=" + (apiKey.isEmpty() ? "NULL" : "****") + "]";
        }
    }

    /**
     * The rows of one bootstrap statement. {@code rows} are committed: the caller saves their keys before looking at
     * {@code failure}, which, when non-null, is the complete error line to print (exit 1).
     */
    record Outcome(List<Created> rows, String failure) {}

    /** Runs {@code bootstrap_tenant} for every need; throws when nothing was committed. */
    Outcome bootstrap(ProvisionConfig c, String keyName, List<Need> needs) throws ProvisionException;

    /** slug → broker_tenant_uuid, read in a statement of its own (a join would see the pre-insert snapshot). */
    Map<String, String> brokerTenants(Collection<String> slugs) throws ProvisionException;

    /** The statements as {@code -dry-run} prints them. */
    String describe(ProvisionConfig c, String keyName, List<Need> needs);

    @Override
    void close();
}
