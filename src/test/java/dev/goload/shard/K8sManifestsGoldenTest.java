package dev.goload.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bytes of {@code goload k8s}'s YAML against golden files under {@code src/test/resources/golden/}, which the
 * fabric8 client's {@code Serialization.asYaml} (kubernetes-client-api 8.0.0, commit 4a8e789) wrote from the same
 * specs: the manifests' writer keeps that format (quoted strings, literal blocks, line folding, property order,
 * {@code resources: {}}), so a diff of the manifests between goload versions shows only what the run changed.
 */
class K8sManifestsGoldenTest {

    private static String golden(String name) throws IOException {
        try (InputStream in = K8sManifestsGoldenTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aSpecWithResourcesANamespaceAndArgumentsThatNeedQuotingIsWrittenByteForByte() throws IOException {
        String twentyWords = "word ".repeat(20) + "end"; // past the 80-column line: folded with a '\' escape
        K8sManifests.Spec spec = new K8sManifests.Spec("soak-a", "bench", "ghcr.io/queen/goload:1.4", 4, "2", "1Gi",
                "goload-results", 7070, "soak-a-20261201", List.of("-mode", "openloop", "-rate", "600000",
                "-url", "http://queen:6632", "-note", "true", "-tag", "", "-label", "two\nlines", "-x", "null",
                "-y", "it's \"quoted\" # not a comment", "-z", twentyWords));
        assertEquals(golden("k8s-soak.yaml"), K8sManifests.yaml(spec));
    }

    @Test
    void theDefaultsWithoutResourcesOrNamespaceAreWrittenByteForByte() throws IOException {
        K8sManifests.Spec spec = new K8sManifests.Spec("goload", "", "goload:dev", 2, "", "", "goload-results", 7070,
                "mini-1", List.of("-mode", "max"));
        assertEquals(golden("k8s-minimal.yaml"), K8sManifests.yaml(spec));
    }
}
