package dev.goload.modes.provision;

import dev.goload.config.ProvisionConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The reference's drop-in path: SQL on the stdin of {@code sh -c <psql-cmd>}. Unlike the reference, stdout (rows)
 * and stderr (NOTICEs, warnings, errors) are read separately, so a NOTICE can no longer be parsed as a row after
 * the transaction committed (goload-behavior.md §8 #21a); each stderr line is handed on as a notice (the console echoes it on stderr with a
 * {@code [provision] psql:} prefix).
 * Values in the SQL text are restricted by {@link ProvisionConfig#SAFE_LITERAL} and quoted. Not thread-safe.
 */
final class PsqlBackend implements ProvisionBackend {
    private final String command;
    /** Receives each non-blank stderr line of psql. */
    private final Consumer<String> notices;

    PsqlBackend(String command, Consumer<String> notices) {
        this.command = command;
        this.notices = notices;
    }

    static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    static String bootstrapSql(ProvisionConfig c, String keyName, List<Need> needs) {
        StringBuilder v = new StringBuilder();
        for (Need n : needs) {
            v.append(v.isEmpty() ? "" : ", ").append('(').append(n.idx()).append(", ").append(quote(n.slug()))
                    .append(')');
        }
        return "WITH c AS (SELECT id FROM queen_proxy.cells WHERE slug = " + quote(c.cell()) + "),\n"
                + "     v(i, slug) AS (VALUES " + v + ")\n"
                + "SELECT concat_ws(E'\\t', v.i, v.slug, r->>'tenant_id', r->>'cluster_id', coalesce(r->>'api_key', ''))\n"
                + "FROM v CROSS JOIN c CROSS JOIN LATERAL queen_proxy.bootstrap_tenant(v.slug, v.slug, v.slug, "
                + quote(c.plan()) + ", c.id, v.slug || '@' || " + quote(c.emailDomain()) + ", NULL, "
                + quote(keyName) + ") AS t(r)\nORDER BY v.i;\n";
    }

    static String lookupSql(Collection<String> slugs) {
        StringBuilder in = new StringBuilder();
        for (String s : slugs) {
            in.append(in.isEmpty() ? "" : ", ").append(quote(s));
        }
        return "SELECT slug || E'\\t' || coalesce(broker_tenant_uuid::text, '') FROM queen_proxy.clusters WHERE slug IN ("
                + in + ");\n";
    }

    @Override
    public Outcome bootstrap(ProvisionConfig c, String keyName, List<Need> needs) throws ProvisionException {
        Result r = run(bootstrapSql(c, keyName, needs));
        List<Created> rows = new ArrayList<>();
        String failure = null;
        Map<Integer, String> wanted = new HashMap<>();
        needs.forEach(n -> wanted.put(n.idx(), n.slug()));
        for (String line : r.stdout.split("\n")) {
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            String[] f = t.split("\t", -1);
            if (f.length != 5) {
                // Never quote the row: it may hold a key.
                failure = failure != null ? failure : "[provision] unexpected psql row (" + f.length + " fields)";
                continue;
            }
            int idx;
            try {
                idx = Integer.parseInt(f[0]);
            } catch (NumberFormatException e) {
                failure = failure != null ? failure : "[provision] unexpected psql row: bad index";
                continue;
            }
            if (!f[1].equals(wanted.get(idx))) {
                failure = failure != null ? failure : "[provision] unexpected psql row: index " + idx + " not asked for";
                continue;
            }
            rows.add(new Created(idx, f[1], f[2], f[3], f[4]));
        }
        if (r.exit != 0) {
            String msg = "[provision] FAILED: exit status " + r.exit + "\n" + r.stderr.strip();
            if (rows.isEmpty()) {
                throw new ProvisionException(msg);
            }
            failure = msg;
        }
        if (failure == null && rows.size() != needs.size()) {
            failure = "[provision] FAILED: asked for " + needs.size() + " tenants, psql returned " + rows.size() + " rows";
        }
        return new Outcome(rows, failure);
    }

    @Override
    public Map<String, String> brokerTenants(Collection<String> slugs) throws ProvisionException {
        Result r = run(lookupSql(slugs));
        if (r.exit != 0) {
            throw new ProvisionException("exit status " + r.exit + "\n" + r.stderr.strip());
        }
        Map<String, String> out = new HashMap<>();
        for (String line : r.stdout.split("\n")) {
            String[] f = line.strip().split("\t", -1);
            if (f.length == 2 && !f[1].isEmpty()) {
                out.put(f[0], f[1]);
            }
        }
        return out;
    }

    @Override
    public String describe(ProvisionConfig c, String keyName, List<Need> needs) {
        return "-- statement 1 (psql: " + command + ")\n" + bootstrapSql(c, keyName, needs)
                + "-- statement 2 (separate: a join would see the snapshot before the inserts)\n"
                + lookupSql(needs.stream().map(Need::slug).toList());
    }

    private record Result(int exit, String stdout, String stderr) {}

    private Result run(String sql) throws ProvisionException {
        Process p;
        try {
            p = new ProcessBuilder("sh", "-c", command).start();
        } catch (IOException e) {
            throw new ProvisionException("cannot start sh -c " + command + ": " + e.getMessage());
        }
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        Thread drain = Thread.ofVirtual().start(() -> copy(p.getErrorStream(), errBytes));
        try {
            try (OutputStream in = p.getOutputStream()) {
                in.write(sql.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // psql may exit before reading everything; its exit status and stderr tell why
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = p.waitFor();
            drain.join();
            String stderr = errBytes.toString(StandardCharsets.UTF_8);
            for (String line : stderr.split("\n")) {
                if (!line.isBlank()) {
                    notices.accept(line);
                }
            }
            return new Result(exit, out, stderr);
        } catch (IOException e) {
            p.destroyForcibly();
            throw new ProvisionException("psql I/O failed: " + e.getMessage());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ProvisionException("interrupted");
        }
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        try {
            in.transferTo(out);
        } catch (IOException ignored) {
            // the process ended; what was read is kept
        }
    }

    @Override
    public void close() {
        // one process per statement; nothing held between calls
    }
}
