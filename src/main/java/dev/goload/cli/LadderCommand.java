package dev.goload.cli;

import dev.goload.config.LadderConfig;
import dev.goload.modes.ladder.LadderEngine;
import dev.goload.modes.ladder.LadderResult;
import dev.goload.report.LadderReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code goload ladder [flags] -- <loader args…>}: the ceiling ladder (docs/cell-rig.md). Each point is a child
 * process: the reset command, then {@code runpt.sh … -- scripts/goload <loader args> -rate R …}.
 */
public final class LadderCommand {
    private final Path root;

    /** @param root the repository root (where runpt.sh, reset-cell-db.sh and scripts/ live) */
    public LadderCommand(Path root) { this.root = root; }

    public static FlagTable flags() {
        return new FlagTable("goload ladder")
                .string("rates", "", "offered msg/s per point, ascending, comma separated (or -start/-step/-steps)")
                .intFlag("start", 0, "first offered rate (msg/s) when -rates is not given")
                .intFlag("step", 0, "rate increment per point")
                .intFlag("steps", 5, "number of points from -start")
                .intFlag("duration", 45, "load phase per point, seconds")
                .intFlag("drain", 45, "drain per point, seconds (>= 35 so a partition quiet for ~30 s is not loss)")
                .string("out", "", "directory for every point's files and ladder.json (default goload-runs/ladder-<unix>)")
                .string("run-prefix", "ladder", "point run ids are <prefix>-<rate>")
                .string("cell-dir", "", "the cell (passed to the default reset and to runpt.sh; default $CELL_DIR)")
                .string("reset", "default", "shell command run before every point: default = ./reset-cell-db.sh"
                        + " [--cell-dir …]; \"none\" = no reset")
                .bool("reset-with-proxy", false, "add --with-proxy to the default reset")
                .string("runpt", "default", "point wrapper: default = ./runpt.sh; \"none\" = run the loader alone")
                .string("loader", "default", "loader executable: default = scripts/goload")
                .float64("achieved-ratio", 0.95, "stop when achieved pop < ratio x offered")
                .float64("p99-limit-ms", 1000, "stop when the end-to-end p99 exceeds this (ms)")
                .float64("backlog-limit-sec", 2, "stop when more than this many seconds of offered load is still queued"
                        + " at the end of the load phase")
                .intFlag("warmup", 10, "seconds cut from the start of the load phase for cell CPU and commits")
                .bool("stop-on-void", false, "stop at the first void (loader-bound) point instead of marking it void"
                        + " and going on");
    }

    public int run(List<String> args, PrintStream out, PrintStream err) {
        FlagTable table = flags();
        ParsedFlags f;
        try {
            f = GoFlagParser.parse(table, args);
        } catch (HelpRequestedException e) {
            err.println("usage: goload ladder [flags] -- <loader args…>   (e.g. -- -mode cloud -target broker …)");
            table.printUsage(err);
            return ExitCodes.OK;
        } catch (FlagParseException e) {
            err.println(e.getMessage());
            table.printUsage(err);
            return ExitCodes.USAGE;
        }
        LadderConfig config;
        String loader;
        try {
            config = config(f);
            loader = f.getString("loader").equals("default") ? root.resolve("scripts/goload").toString() : f.getString("loader");
        } catch (IllegalArgumentException e) {
            err.println("goload ladder: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (config.drainSec() < 35) {
            err.println("[ladder] WARNING: -drain " + config.drainSec() + "s: a partition that goes quiet for ~30 s will be"
                    + " reported as missing messages, not as backlog");
        }
        try {
            LadderResult r = new LadderEngine(config, loader, LadderCommand::exec).run(p -> {
                out.println("[ladder] " + LadderReport.HEADER);
                out.println("[ladder] " + LadderReport.row(p));
                out.flush();
            });
            Path json = LadderReport.writeJson(r, config.outDir());
            LadderReport.printSummary(r, out);
            out.println("[artifacts] " + json);
            return r.points().stream().anyMatch(p -> p.metrics() == null) || r.stopReason().startsWith("reset")
                    ? ExitCodes.SETUP : ExitCodes.OK;
        } catch (IOException e) {
            err.println("goload ladder: " + e.getMessage());
            return ExitCodes.SETUP;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("goload ladder: interrupted");
            return ExitCodes.SETUP;
        }
    }

    LadderConfig config(ParsedFlags f) {
        List<Long> rates = new ArrayList<>();
        if (!f.getString("rates").isBlank()) {
            for (String s : f.getString("rates").split(",")) {
                try {
                    rates.add(Long.parseLong(s.trim()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("-rates: not a number: " + GoStrconv.quote(s.trim()));
                }
            }
        } else if (f.getLong("start") > 0 && f.getLong("step") > 0) {
            for (int i = 0; i < f.getLong("steps"); i++) rates.add(f.getLong("start") + i * f.getLong("step"));
        }
        String cellDir = f.getString("cell-dir");
        List<String> reset = switch (f.getString("reset")) {
            case "none", "" -> List.of();
            case "default" -> {
                List<String> c = new ArrayList<>(List.of(root.resolve("reset-cell-db.sh").toString()));
                if (f.getBool("reset-with-proxy")) c.add("--with-proxy");
                if (!cellDir.isEmpty()) c.addAll(List.of("--cell-dir", cellDir));
                yield c;
            }
            default -> List.of("bash", "-c", f.getString("reset"));
        };
        List<String> wrapper = switch (f.getString("runpt")) {
            case "none", "" -> List.of();
            case "default" -> {
                List<String> c = new ArrayList<>(List.of(root.resolve("runpt.sh").toString()));
                if (!cellDir.isEmpty()) c.addAll(List.of("--cell-dir", cellDir));
                yield c;
            }
            default -> List.of(f.getString("runpt"));
        };
        String out = f.getString("out").isEmpty() ? "goload-runs/ladder-" + System.currentTimeMillis() / 1000 : f.getString("out");
        if (f.positional().isEmpty()) throw new IllegalArgumentException("missing the loader's arguments after --");
        return new LadderConfig(rates, f.getInt("duration"), f.getInt("drain"), Path.of(out).toAbsolutePath(),
                f.getString("run-prefix"), reset, wrapper, f.positional(), f.getDouble("achieved-ratio"),
                f.getDouble("p99-limit-ms"), f.getDouble("backlog-limit-sec"), f.getInt("warmup"), f.getBool("stop-on-void"));
    }

    private static int exec(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).inheritIO().start();
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            p.destroy();
            throw e;
        }
    }

    /** The repository root: two levels above target/goload.jar, else the working directory. */
    static Path repoRoot() {
        try {
            Path jar = Path.of(LadderCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path root = jar.getParent() == null ? null : jar.getParent().getParent();
            if (root != null && Files.isRegularFile(root.resolve("runpt.sh"))) return root;
        } catch (Exception e) {
            // fall through: not run from the jar (tests)
        }
        return Path.of("").toAbsolutePath();
    }
}
