package dev.goload.cli;

import dev.goload.modes.provision.ProvisionBackends;
import dev.goload.config.ProvisionConfig;
import dev.goload.modes.provision.Provisioner;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;

/** {@code -mode provision} (spec §2.4, docs/provision.md): flags → {@link ProvisionConfig} → {@link Provisioner}. */
public final class ProvisionCommand implements ModeCommand {
    private final Function<String, String> env;

    public ProvisionCommand() {
        this(System::getenv);
    }

    /** @param env environment lookup (tests inject {@code PGPASSWORD}) */
    public ProvisionCommand(Function<String, String> env) {
        this.env = env;
    }

    /** For tests: an environment backed by a map. */
    static ProvisionCommand withEnv(Map<String, String> vars) {
        return new ProvisionCommand(vars::get);
    }

    @Override public String name() { return "provision"; }

    @Override public FlagTable flags() { return FlagTables.provision(); }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) {
        long n = f.getLong("tenants");
        if (n < 1 || n > 10000) {
            err.println("goload -mode provision: -tenants must be in 1..10000");
            return ExitCodes.USAGE;
        }
        String password = f.getString("pg-password");
        if (password.isEmpty() && env.apply("PGPASSWORD") != null) {
            password = env.apply("PGPASSWORD");
        }
        ProvisionConfig c;
        try {
            c = new ProvisionConfig((int) n, f.getString("prefix"), f.getString("plan"), f.getString("cell"),
                    Path.of(f.getString("file")), f.getString("psql-cmd"), f.getString("key-name"),
                    f.getString("email-domain"), f.getBool("dry-run"), f.getString("pg-url"), f.getString("pg-user"),
                    password, f.getInt("commit-batch"));
        } catch (IllegalArgumentException e) {
            err.println("goload -mode provision: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        RunStage.begin();
        return new Provisioner(c, out, Clock.systemUTC()).run(ProvisionBackends.forConfig(c, err));
    }
}
