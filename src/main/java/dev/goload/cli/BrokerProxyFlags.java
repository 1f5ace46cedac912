package dev.goload.cli;

import dev.goload.broker.ProxyLimits;
import dev.goload.broker.ProxyOptions;
import dev.goload.tenancy.SyntheticTenants;
import dev.goload.tenancy.TenantsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code goload broker -proxy} flags: adds them to a table and turns parsed values into {@link ProxyOptions}.
 * Tenants come from {@code -tenants-file}; when that file does not exist and {@code -proxy-tenants N} is set, N
 * tenants are synthesized and written to it (mode 0600) so clients can read their keys there — keys are never
 * printed. Stateless.
 */
final class BrokerProxyFlags {
    private BrokerProxyFlags() {}

    /** Thrown for a flag combination or tenants file that makes the proxy impossible (exit 2). */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    static FlagTable addTo(FlagTable t) {
        String a = FlagTables.ADDITION;
        return t.bool("proxy", false, a + "put the proxy personality (Host routing, API keys, rate limits) in front")
                .string("tenants-file", "", a + "tenants file (provision format) the proxy authenticates against")
                .intFlag("proxy-tenants", 0, a + "no -tenants-file yet: synthesize N tenants and write them there")
                .float64("proxy-rate", 0, a + "per-tenant requests/s (0 = unlimited); 429 rate_limited beyond")
                .float64("proxy-msg-rate", 0, a + "per-tenant pushed messages/s (0 = unlimited)")
                .intFlag("proxy-parked", 0, a + "per-tenant parked long-poll pops (0 = unlimited); 429 quota_exceeded")
                .bool("proxy-enforce", true, a + "false = shadow mode: log would_block, forward anyway")
                .float64("misroute-fraction", 0, a + "TEST ONLY: share of pops served from another tenant's rows")
                .string("upstream", "", a + "forward admitted requests to this broker URL (x-queen-tenant scoped), as the"
                        + " cell proxy does; \"\" = env QUEEN_PROXY_UPSTREAM, else the in-process broker");
    }

    /** {@code -upstream}, else env QUEEN_PROXY_UPSTREAM (the real proxy's setting), else null (in-process). */
    static java.net.URI upstream(ParsedFlags f) throws Invalid {
        String u = f.getString("upstream");
        if (u.isEmpty()) {
            u = System.getenv().getOrDefault("QUEEN_PROXY_UPSTREAM", "");
        }
        if (u.isEmpty()) {
            return null;
        }
        try {
            java.net.URI uri = new java.net.URI(u);
            if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new Invalid("goload broker: -upstream must be an http://host:port URL, got " + GoStrconv.quote(u));
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            throw new Invalid("goload broker: -upstream must be an http://host:port URL, got " + GoStrconv.quote(u));
        }
    }

    /** Null when {@code -proxy} is off. */
    static ProxyOptions from(ParsedFlags f, PrintStream err) throws Invalid {
        if (!f.getBool("proxy")) {
            return null;
        }
        String file = f.getString("tenants-file");
        long synth = f.getLong("proxy-tenants");
        double rate = f.getDouble("proxy-rate");
        double msgRate = f.getDouble("proxy-msg-rate");
        long parked = f.getLong("proxy-parked");
        double misroute = f.getDouble("misroute-fraction");
        if (file.isEmpty()) {
            throw new Invalid("goload broker: -proxy needs -tenants-file (add -proxy-tenants N to create one)");
        }
        if (synth < 0 || synth > 10000) {
            throw new Invalid("goload broker: -proxy-tenants must be in 0..10000");
        }
        if (!(rate >= 0) || !(msgRate >= 0) || parked < 0 || parked > Integer.MAX_VALUE) {
            throw new Invalid("goload broker: -proxy-rate, -proxy-msg-rate and -proxy-parked must be >= 0");
        }
        if (!(misroute >= 0 && misroute <= 1)) {
            throw new Invalid("goload broker: -misroute-fraction must be in [0, 1]");
        }
        Path path = Path.of(file);
        TenantsFile tenants;
        try {
            if (!Files.exists(path) && synth > 0) {
                tenants = SyntheticTenants.create((int) synth, "synth", "embedded");
                tenants.write(path);
                err.println("[proxy] synthesized " + synth + " tenant(s) -> " + path + " (mode 0600; keys only there)");
            } else {
                tenants = TenantsFile.read(path);
            }
        } catch (IOException e) {
            throw new Invalid("goload broker: cannot read " + file + ": " + e.getMessage());
        }
        try {
            ProxyOptions p = ProxyOptions.of(tenants, new ProxyLimits(rate, msgRate, (int) parked))
                    .withEnforce(f.getBool("proxy-enforce"))
                    .withMisrouteFraction(misroute)
                    .withUpstream(upstream(f));
            if (misroute > 0) {
                err.println("[proxy] WARNING: -misroute-fraction " + misroute
                        + " deliberately leaks deliveries across tenants (verifier self-test only)");
            }
            return p;
        } catch (IllegalArgumentException e) {
            throw new Invalid("goload broker: " + file + ": " + e.getMessage());
        }
    }
}
