package dev.goload.cli;

import dev.goload.shard.K8sManifests;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code goload k8s [flags] -- <goload args…>}: writes the manifests of a sharded run on Kubernetes — an Indexed Job
 * of {@code -shards} pods and the headless Service that makes shard 0 (the start barrier) reachable — to stdout or
 * {@code -o FILE}, for {@code kubectl apply -f} (docs/distributed.md).
 */
final class K8sCommand {
    private K8sCommand() {}

    static FlagTable flags() {
        return new FlagTable("goload k8s [flags] -- <goload args…>")
                .string("name", "goload", "the Job's name (a DNS label); the Service is <name>-shards")
                .string("namespace", "", "namespace of the objects (\"\" = the kubectl context's)")
                .string("image", "", "the goload container image (required)")
                .intFlag("shards", 2, "number of shards: the Job's completions and parallelism")
                .string("cpu", "", "CPU request and limit of each shard's pod, e.g. 2 (\"\" = none)")
                .string("memory", "", "memory request and limit of each shard's pod, e.g. 1Gi (\"\" = none)")
                .string("results-claim", "goload-results", "ReadWriteMany PersistentVolumeClaim mounted at /results;"
                        + " shard i writes /results/shard-i")
                .intFlag("coordinator-port", 7070, "port of the start barrier on shard 0")
                .string("run-id", "", "run id of every shard (\"\" = <name>-<unix seconds>)")
                .string("o", "", "write the manifests to this file instead of stdout");
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        ParsedFlags f;
        try {
            f = UsageExit.parse(flags(), args, err);
            UsageExit.require(!f.positional().isEmpty(), err,
                    "goload k8s: give the run's goload arguments after --, e.g. -- -mode openloop -rate 600000");
        } catch (UsageExit e) {
            return e.code();
        }
        List<String> goload = f.positional();
        String runId = f.getString("run-id").isEmpty()
                ? f.getString("name") + "-" + System.currentTimeMillis() / 1000 : f.getString("run-id");
        String yaml;
        try {
            yaml = K8sManifests.yaml(new K8sManifests.Spec(f.getString("name"), f.getString("namespace"),
                    f.getString("image"), f.getInt("shards"), f.getString("cpu"), f.getString("memory"),
                    f.getString("results-claim"), f.getInt("coordinator-port"), runId, goload));
        } catch (IllegalArgumentException e) {
            err.println("goload k8s: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (f.getString("o").isEmpty()) {
            out.print(yaml);
            out.flush();
            return ExitCodes.OK;
        }
        try {
            Files.writeString(Path.of(f.getString("o")), yaml, StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println("goload k8s: cannot write " + f.getString("o") + ": " + e.getMessage());
            return ExitCodes.SETUP;
        }
        err.println("goload k8s: wrote " + f.getString("o") + " (run id " + runId + ")");
        return ExitCodes.OK;
    }
}
