package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class K8sCommandTest {

    @Test
    void writesTheManifestsOfTheRunToStdoutOrAFile(@TempDir Path tmp) throws Exception {
        MainRun r = MainRun.of("k8s", "-name", "soak", "-image", "goload:dev", "-shards", "3", "-run-id", "soak-1",
                "--", "-mode", "openloop", "-rate", "30000");
        assertEquals(0, r.code(), r.err());
        List<HasMetadata> objs = Serialization.unmarshal(r.out());
        Job job = (Job) objs.get(1);
        assertEquals(3, job.getSpec().getCompletions());
        List<String> args = job.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs();
        assertEquals(List.of("-mode", "openloop", "-rate", "30000"), args.subList(0, 4));
        assertEquals("soak-1", args.get(args.indexOf("-run-id") + 1));

        Path file = tmp.resolve("run.yaml");
        MainRun w = MainRun.of("k8s", "-image", "goload:dev", "-o", file.toString(), "--", "-mode", "max");
        assertEquals(0, w.code(), w.err());
        List<HasMetadata> fromFile = Serialization.unmarshal(Files.readString(file));
        assertEquals("Indexed", ((Job) fromFile.get(1)).getSpec().getCompletionMode());
        assertTrue(w.out().isEmpty());
    }

    @Test
    void badInputIsAUsageErrorWithAMessage() {
        MainRun noImage = MainRun.of("k8s", "--", "-mode", "max");
        assertEquals(2, noImage.code());
        assertTrue(noImage.err().contains("-image is required"), noImage.err());
        MainRun noArgs = MainRun.of("k8s", "-image", "x");
        assertEquals(2, noArgs.code());
        assertTrue(noArgs.err().contains("after --"), noArgs.err());
        MainRun own = MainRun.of("k8s", "-image", "x", "--", "-mode", "max", "-out", "/tmp/x");
        assertEquals(2, own.code());
        assertTrue(own.err().contains("sets -out itself"), own.err());
        MainRun unknown = MainRun.of("k8s", "-imag", "x", "--", "-mode", "max");
        assertEquals(2, unknown.code());
    }
}
