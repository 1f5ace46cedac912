package dev.goload.config;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * What {@code -mode provision} does (goload-behavior.md §2.4). The database is reached either through JDBC
 * ({@code pgUrl} set; prepared statements) or, as the reference does, through a shell command running psql
 * ({@code psqlCmd}). {@link #toString()} never shows the password.
 *
 * @param commitBatch tenants per transaction on the JDBC path; each batch's keys are saved to the file as soon as
 *                    it commits (the psql path runs all of them in one statement, as the reference)
 */
public record ProvisionConfig(int tenants, String prefix, String plan, String cell, Path file, String psqlCmd,
        String keyName, String emailDomain, boolean dryRun, String pgUrl, String pgUser, String pgPassword,
        int commitBatch) {

    /** Values spliced into psql's SQL text: quoted anyway, but restricted so quoting never has to be clever. */
    public static final Pattern SAFE_LITERAL = Pattern.compile("[A-Za-z0-9._@+:-]{1,200}");
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");

    public ProvisionConfig {
        if (tenants < 1 || tenants > 10000) {
            throw new IllegalArgumentException("-tenants must be in 1..10000");
        }
        if (!DNS_LABEL.matcher(slug(prefix, tenants - 1)).matches()) {
            throw new IllegalArgumentException("-prefix " + prefix + " does not make DNS-label slugs (" + slug(prefix, 0)
                    + "): lower-case letters, digits and '-', at most 63 characters");
        }
        if (commitBatch < 1) {
            throw new IllegalArgumentException("-commit-batch must be >= 1");
        }
        boolean jdbc = pgUrl != null && !pgUrl.isEmpty();
        if (!jdbc) {
            for (String[] v : new String[][] {{"plan", plan}, {"cell", cell}, {"key-name", keyName},
                    {"email-domain", emailDomain}}) {
                boolean optional = v[0].equals("key-name") && v[1].isEmpty();
                if (!optional && !SAFE_LITERAL.matcher(v[1]).matches()) {
                    throw new IllegalArgumentException("-" + v[0] + " " + v[1]
                            + ": with -psql-cmd only letters, digits and ._@+:- are accepted (use -pg-url for others)");
                }
            }
        } else if (plan.isEmpty() || cell.isEmpty()) {
            throw new IllegalArgumentException("-plan and -cell must not be empty");
        }
    }

    /** {@code <prefix>-%04d}: tenant slug = cluster slug = routing Host label. */
    public static String slug(String prefix, int idx) {
        return String.format(java.util.Locale.ROOT, "%s-%04d", prefix, idx);
    }

    /** The JDBC URL with any {@code password=} parameter value masked (a URL may carry one). */
    public static String redact(String url) {
        return url == null ? "" : url.replaceAll("(?i)(password=)[^&;]*", "$1****");
    }

    public boolean usesJdbc() {
        return pgUrl != null && !pgUrl.isEmpty();
    }

    @Override
    public String toString() {
        return "ProvisionConfig[tenants=" + tenants + ", prefix=" + prefix + ", plan=" + plan + ", cell=" + cell
                + ", file=" + file + ", " + (usesJdbc() ? "pgUrl=" + redact(pgUrl) + ", pgUser=" + pgUser + ", pgPassword="
                + (pgPassword == null || pgPassword.isEmpty() ? "<none>" : "****") : "psqlCmd=" + psqlCmd)
                + ", keyName=" + keyName + ", emailDomain=" + emailDomain + ", dryRun=" + dryRun
                + ", commitBatch=" + commitBatch + "]";
    }
}
