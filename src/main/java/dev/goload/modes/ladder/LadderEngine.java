package dev.goload.modes.ladder;

import dev.goload.config.LadderConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Steps the offered rate: for each rate, the reset command, then one point (through the point wrapper,
 * runpt.sh, so the cell's CPU and PostgreSQL series land next to the run record), then the rules. Every
 * point is a child process, so each starts from a cold loader and a cold cell. Single-threaded.
 */
public final class LadderEngine {
    /** Runs one command line to completion and returns its exit code (children share our stdout/stderr). */
    public interface Commands {
        int run(List<String> command) throws IOException, InterruptedException;
    }

    /** Told about each point as soon as it is judged. */
    public interface Listener {
        void onPoint(PointResult point);
    }

    private final LadderConfig config;
    private final String loader;
    private final Commands commands;

    /** @param loader the loader executable, e.g. {@code scripts/goload} */
    public LadderEngine(LadderConfig config, String loader, Commands commands) {
        this.config = config;
        this.loader = loader;
        this.commands = commands;
    }

    public LadderResult run(Listener listener) throws IOException, InterruptedException {
        Files.createDirectories(config.outDir());
        List<PointResult> points = new ArrayList<>();
        PointResult ceiling = null;
        String stop = "reached the top rate without breaking a rule";
        for (long rate : config.rates()) {
            String id = config.runId(rate);
            if (!config.resetCommand().isEmpty()) {
                int rc = commands.run(config.resetCommand());
                if (rc != 0) {
                    stop = "reset command failed (exit " + rc + ") before the " + rate + " msg/s point";
                    break;
                }
            }
            int exit = commands.run(pointCommand(rate, id));
            PointMetrics m = metrics(id);
            PointResult p = LadderRules.judge(config, rate, id, exit, m, cell(m, id),
                    Runtime.getRuntime().availableProcessors());
            points.add(p);
            listener.onPoint(p);
            if (!p.stopReason().isEmpty()) {
                stop = p.stopReason();
                break;
            }
            if (!p.isVoid()) ceiling = p;
        }
        return new LadderResult(config, points, stop, ceiling);
    }

    /** The command of one point: wrapper (runpt.sh) around the loader, or the loader alone. */
    List<String> pointCommand(long rate, String id) {
        List<String> cmd = new ArrayList<>();
        String out = config.outDir().toString();
        if (!config.pointWrapper().isEmpty()) {
            cmd.addAll(config.pointWrapper());
            cmd.addAll(List.of("--loader", loader, out, id, "--"));
        } else {
            cmd.add(loader);
        }
        cmd.addAll(config.loaderArgs());
        cmd.addAll(List.of("-rate", Long.toString(rate), "-duration", Integer.toString(config.durationSec()),
                "-out", out, "-run-id", id));
        if (isCloud(config.loaderArgs())) {
            // the ladder judges the verdict itself; the loader must finish and write its record either way
            cmd.addAll(List.of("-drain", Integer.toString(config.drainSec()), "-fail-on-verify=false"));
        }
        return cmd;
    }

    static boolean isCloud(List<String> args) {
        if (!args.isEmpty() && args.getFirst().equals("cloud")) return true;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if ((a.equals("-mode") || a.equals("--mode")) && i + 1 < args.size() && args.get(i + 1).equals("cloud")) return true;
            if (a.equals("-mode=cloud") || a.equals("--mode=cloud")) return true;
        }
        return false;
    }

    private PointMetrics metrics(String id) {
        Path record = config.outDir().resolve(id + ".json");
        try {
            return Files.isReadable(record) ? RunRecordReader.read(record) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private CellMetrics cell(PointMetrics m, String id) throws IOException {
        if (m == null || m.startedEpochMs() == 0) return CellMetrics.NONE;
        double start = m.startedEpochMs() / 1000.0;
        // the steady window (ptsum.py's, but anchored at the start: the record's end includes the shutdown wait,
        // spec §8 #8)
        SteadyWindow w = SteadyWindow.of(config, Double.isNaN(m.loadSec()) ? config.durationSec() : m.loadSec());
        return CellSeries.read(config.outDir().resolve(id + ".cpu.csv"), config.outDir().resolve(id + ".pg.csv"),
                start + w.fromSec(), start + w.toSec());
    }
}
