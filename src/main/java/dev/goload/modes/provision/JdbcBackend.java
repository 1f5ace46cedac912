package dev.goload.modes.provision;

import dev.goload.config.ProvisionConfig;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

/**
 * JDBC path (org.postgresql driver): prepared statements only, one transaction per {@code bootstrap} call. Not
 * thread-safe (one connection).
 */
final class JdbcBackend implements ProvisionBackend {
    static final String CELL_SQL = "SELECT id FROM queen_proxy.cells WHERE slug = ?";
    static final String BOOTSTRAP_SQL = "SELECT r->>'tenant_id', r->>'cluster_id', coalesce(r->>'api_key', '')"
            + " FROM queen_proxy.bootstrap_tenant(?, ?, ?, ?, ?, ?, NULL, ?) AS t(r)";
    static final String LOOKUP_SQL = "SELECT slug, broker_tenant_uuid::text FROM queen_proxy.clusters"
            + " WHERE slug = ANY(?)";

    private final Connection conn;

    private JdbcBackend(Connection conn) {
        this.conn = conn;
    }

    static JdbcBackend connect(String url, String user, String password) throws ProvisionException {
        Properties p = new Properties();
        if (user != null && !user.isEmpty()) {
            p.setProperty("user", user);
        }
        if (password != null && !password.isEmpty()) {
            p.setProperty("password", password);
        }
        p.setProperty("ApplicationName", "goload provision");
        try {
            Connection c = DriverManager.getConnection(url, p);
            c.setAutoCommit(false);
            return new JdbcBackend(c);
        } catch (SQLException e) {
            throw new ProvisionException("cannot connect to " + ProvisionConfig.redact(url) + ": " + e.getMessage());
        }
    }

    @Override
    public Outcome bootstrap(ProvisionConfig c, String keyName, List<Need> needs) throws ProvisionException {
        List<Created> rows = new ArrayList<>(needs.size());
        try {
            UUID cell = cellId(c.cell());
            try (PreparedStatement ps = conn.prepareStatement(BOOTSTRAP_SQL)) {
                for (Need n : needs) {
                    ps.setString(1, n.slug());
                    ps.setString(2, n.slug());
                    ps.setString(3, n.slug());
                    ps.setString(4, c.plan());
                    ps.setObject(5, cell);
                    ps.setString(6, n.slug() + "@" + c.emailDomain());
                    ps.setString(7, keyName);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (!rs.next()) {
                            throw new SQLException("bootstrap_tenant returned no row for " + n.slug());
                        }
                        rows.add(new Created(n.idx(), n.slug(), rs.getString(1), rs.getString(2), rs.getString(3)));
                    }
                }
            }
            conn.commit();
            return new Outcome(rows, null);
        } catch (SQLException e) {
            rollbackQuietly();
            throw new ProvisionException(e.getMessage());
        }
    }

    private UUID cellId(String slug) throws SQLException, ProvisionException {
        try (PreparedStatement ps = conn.prepareStatement(CELL_SQL)) {
            ps.setString(1, slug);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new ProvisionException("unknown cell \"" + slug + "\" (no row in queen_proxy.cells)");
                }
                return rs.getObject(1, UUID.class);
            }
        }
    }

    @Override
    public Map<String, String> brokerTenants(Collection<String> slugs) throws ProvisionException {
        Map<String, String> out = new HashMap<>();
        try (PreparedStatement ps = conn.prepareStatement(LOOKUP_SQL)) {
            Array arr = conn.createArrayOf("text", slugs.toArray());
            ps.setArray(1, arr);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(2) != null) {
                        out.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
            conn.commit();
            return out;
        } catch (SQLException e) {
            rollbackQuietly();
            throw new ProvisionException(e.getMessage());
        }
    }

    @Override
    public String describe(ProvisionConfig c, String keyName, List<Need> needs) {
        return describeStatements(c, keyName, needs);
    }

    static String describeStatements(ProvisionConfig c, String keyName, List<Need> needs) {
        StringBuilder b = new StringBuilder();
        b.append("-- statement 1 (JDBC, one transaction per ").append(c.commitBatch()).append(" tenants)\n")
                .append(CELL_SQL).append(";  -- [").append(c.cell()).append("]\n")
                .append(BOOTSTRAP_SQL).append(";\n");
        for (Need n : needs) {
            b.append("--   [").append(n.slug()).append(", ").append(n.slug()).append(", ").append(n.slug())
                    .append(", ").append(c.plan()).append(", <cell id>, ").append(n.slug()).append('@')
                    .append(c.emailDomain()).append(", NULL, ").append(keyName).append("]\n");
        }
        b.append("-- statement 2 (separate: a join would see the snapshot before the inserts)\n")
                .append(LOOKUP_SQL).append(";  -- [").append(needs.stream().map(Need::slug).toList()).append("]");
        return b.toString();
    }

    private void rollbackQuietly() {
        try {
            conn.rollback();
        } catch (SQLException ignored) {
            // the original failure is what the user needs to see
        }
    }

    @Override
    public void close() {
        try {
            conn.close();
        } catch (SQLException ignored) {
            // closing a broken connection has nothing left to report
        }
    }
}
