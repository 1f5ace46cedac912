package dev.goload.modes.provision;

import dev.goload.support.OptionalTools;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * The real PostgreSQL the provision tests run against: {@code GOLOAD_TEST_PG_URL} (+ {@code GOLOAD_TEST_PG_USER},
 * {@code GOLOAD_TEST_PG_PASSWORD}), as started by {@code scripts/pg-test-instance.sh}. When it is absent the tests
 * are skipped with a message locally, and FAIL under CI ({@code CI=true}): a suite that silently skips its
 * database tests proves nothing.
 */
final class PgTestDatabase {
    final String url;
    final String user;
    final String password;

    private PgTestDatabase(String url, String user, String password) {
        this.url = url;
        this.user = user;
        this.password = password;
    }

    static PgTestDatabase require() {
        String url = OptionalTools.requireEnv("GOLOAD_TEST_PG_URL", "a PostgreSQL server's JDBC URL: start a"
                + " throwaway one with eval \"$(scripts/pg-test-instance.sh start)\", which needs initdb from apt-get"
                + " install postgresql");
        String user = System.getenv().getOrDefault("GOLOAD_TEST_PG_USER", "postgres");
        return new PgTestDatabase(url, user, System.getenv().getOrDefault("GOLOAD_TEST_PG_PASSWORD", ""));
    }

    Connection connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", user);
        if (!password.isEmpty()) {
            p.setProperty("password", password);
        }
        return DriverManager.getConnection(url, p);
    }

    /** Drops and recreates the queen_proxy fixture schema. */
    void resetSchema() throws SQLException, IOException {
        String sql;
        try (InputStream in = PgTestDatabase.class.getResourceAsStream("/provision/schema.sql")) {
            sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SET client_min_messages = warning");
            s.execute(sql);
        }
    }

    void execute(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    long count(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); var rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A psql command line for the same database (the {@code -psql-cmd} drop-in path). */
    String psqlCommand() {
        String psql = OptionalTools.path("psql").toString();
        URI u = URI.create(url.substring("jdbc:".length()));
        String db = u.getPath().replaceFirst("^/", "");
        return psql + " -qtA -v ON_ERROR_STOP=1 -h " + u.getHost() + " -p " + (u.getPort() > 0 ? u.getPort() : 5432)
                + " -U " + user + " -d " + db;
    }
}
