package dev.goload.shard;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;

/**
 * The Kubernetes objects of a sharded run ({@code goload k8s}), built with fabric8's typed Kubernetes model
 * ({@code kubernetes-model-core} and {@code kubernetes-model-batch}, the Jackson 2 line; no client) and written as
 * YAML by jackson-dataformat-yaml ({@link #yaml}):
 * <ul>
 *   <li>a headless {@link Service} (no cluster IP) selecting the Job's pods, so shard 0 — the coordinator — is
 *       reachable at the stable name {@code <job>-0.<service>};</li>
 *   <li>an Indexed {@link Job}: {@code completionMode: Indexed}, parallelism = completions = shards, the Service as
 *       the pods' subdomain, {@code JOB_COMPLETION_INDEX} as the shard index ({@code -shards N}), every pod joining
 *       the barrier at shard 0 ({@code -coordinator}), shard 0 also serving it ({@code -coordinate-listen}), each
 *       shard writing its artifacts to {@code /results/shard-<index>} on the results volume, and no retries (a
 *       retried shard would run outside the barrier's start; the run fails instead).</li>
 * </ul>
 * Pods start when they are scheduled, not together: the barrier, not Kubernetes, gives the shards one start.
 */
public final class K8sManifests {

    /**
     * What the manifests are built from.
     *
     * @param name            the Job's name (DNS label); the Service is named {@code <name>-shards}
     * @param namespace       the namespace, or empty for the kubectl context's
     * @param image           the goload container image
     * @param shards          the number of shards (≥ 1)
     * @param cpu             each pod's CPU request and limit (e.g. {@code "2"}), empty for none
     * @param memory          each pod's memory request and limit (e.g. {@code "1Gi"}), empty for none
     * @param resultsClaim    the PersistentVolumeClaim mounted at {@code /results} (ReadWriteMany: every shard writes
     *                        to it, and {@code goload merge} reads it afterwards)
     * @param coordinatorPort the barrier's port on shard 0
     * @param runId           the run id every shard uses (the barrier refuses shards with different ones)
     * @param goloadArgs      the goload arguments of the run, without the shard, coordinator and output flags
     */
    public record Spec(String name, String namespace, String image, int shards, String cpu, String memory,
                       String resultsClaim, int coordinatorPort, String runId, List<String> goloadArgs) {
        public Spec {
            if (!name.matches("[a-z0-9]([-a-z0-9]{0,50}[a-z0-9])?")) {
                throw new IllegalArgumentException("-name must be a DNS label of at most 52 characters"
                        + " (lower case letters, digits, '-'), got \"" + name + "\"");
            }
            if (shards < 1) throw new IllegalArgumentException("-shards must be >= 1, got " + shards);
            if (image.isBlank()) throw new IllegalArgumentException("-image is required");
            if (coordinatorPort < 1 || coordinatorPort > 65535) {
                throw new IllegalArgumentException("-coordinator-port must be in 1..65535, got " + coordinatorPort);
            }
            for (String a : goloadArgs) {
                String flag = a.replaceFirst("^--?", "").replaceFirst("=.*", "");
                if (List.of("shard", "shards", "coordinator", "coordinate-listen", "out", "run-id", "start-at")
                        .contains(flag)) {
                    throw new IllegalArgumentException("goload k8s sets -" + flag + " itself; remove it after --");
                }
            }
            goloadArgs = List.copyOf(goloadArgs);
        }

        public String serviceName() {
            return name + "-shards";
        }

        /** Shard 0's stable address inside the cluster. */
        public String coordinatorUrl() {
            String host = name + "-0." + serviceName() + (namespace.isEmpty() ? "" : "." + namespace + ".svc");
            return "http://" + host + ":" + coordinatorPort;
        }
    }

    /**
     * The YAML writer: block style, a {@code ---} before each document, every string value double-quoted (so
     * {@code "true"}, {@code "7070"} or {@code "null"} stay strings for any YAML reader) except multi-line ones,
     * which are literal blocks ({@code |-}), keys plain; null fields left out, the model's property order. This is
     * the format of the fabric8 client's {@code Serialization.asYaml}, byte for byte (K8sManifestsGoldenTest),
     * without the client; only NEL (U+0085) and LINE SEPARATOR (U+2028), line breaks to a YAML 1.1 reader, and
     * DEL are escaped ({@code \N}, {@code \L}, {@code \x7f}) where the client wrote them raw.
     */
    private static final ObjectMapper YAML = YAMLMapper.builder(YAMLFactory.builder()
                    .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
                    .disable(YAMLGenerator.Feature.USE_NATIVE_TYPE_ID)
                    .build())
            .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL,
                    JsonInclude.Include.ALWAYS))
            .build();

    private K8sManifests() {}

    /** The Service and the Job, in the order {@code kubectl apply} needs them. */
    public static List<HasMetadata> build(Spec s) {
        return List.of(service(s), job(s));
    }

    /** The objects as one multi-document YAML stream. */
    public static String yaml(Spec s) {
        StringBuilder b = new StringBuilder();
        for (HasMetadata o : build(s)) {
            String y;
            try {
                y = YAML.writeValueAsString(o);
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException("cannot write " + o.getKind() + " as YAML", e);
            }
            b.append(y.startsWith("---") ? y : "---\n" + y);
            if (!y.endsWith("\n")) b.append('\n');
        }
        return b.toString();
    }

    /** The objects' labels, in a fixed order (the YAML is the same on every run). */
    static SequencedMap<String, String> labels(Spec s) {
        SequencedMap<String, String> labels = new LinkedHashMap<>();
        labels.put("goload.dev/run", s.name());
        labels.put("app.kubernetes.io/name", "goload");
        return labels;
    }

    private static ObjectMeta meta(Spec s, String name) {
        return new ObjectMetaBuilder().withName(name).withLabels(labels(s))
                .withNamespace(s.namespace().isEmpty() ? null : s.namespace()).build();
    }

    static Service service(Spec s) {
        return new ServiceBuilder().withMetadata(meta(s, s.serviceName()))
                .withNewSpec()
                .withClusterIP("None")
                .withPublishNotReadyAddresses(true) // the barrier is needed before any pod is "ready"
                .withSelector(Map.of("goload.dev/run", s.name()))
                .addNewPort().withName("coordinator").withPort(s.coordinatorPort()).endPort()
                .endSpec()
                .build();
    }

    static Job job(Spec s) {
        List<String> args = new ArrayList<>(s.goloadArgs());
        args.addAll(List.of("-shards", Integer.toString(s.shards()),
                "-coordinator", s.coordinatorUrl(),
                "-coordinate-listen", ":" + s.coordinatorPort(),
                "-run-id", s.runId(),
                // $(VAR) is expanded by Kubernetes from the container's env below
                "-out", "/results/shard-$(JOB_COMPLETION_INDEX)"));
        EnvVar index = new EnvVarBuilder().withName("JOB_COMPLETION_INDEX").withNewValueFrom().withNewFieldRef()
                .withFieldPath("metadata.annotations['batch.kubernetes.io/job-completion-index']").endFieldRef()
                .endValueFrom().build();
        ResourceRequirementsBuilder res = new ResourceRequirementsBuilder();
        if (!s.cpu().isEmpty()) {
            res.addToRequests("cpu", new Quantity(s.cpu())).addToLimits("cpu", new Quantity(s.cpu()));
        }
        if (!s.memory().isEmpty()) {
            res.addToRequests("memory", new Quantity(s.memory())).addToLimits("memory", new Quantity(s.memory()));
        }
        return new JobBuilder().withMetadata(meta(s, s.name()))
                .withNewSpec()
                .withCompletionMode("Indexed")
                .withCompletions(s.shards())
                .withParallelism(s.shards())
                .withBackoffLimit(0)
                .withNewTemplate()
                .withNewMetadata().withLabels(labels(s)).endMetadata()
                .withNewSpec()
                .withSubdomain(s.serviceName())
                .withRestartPolicy("Never")
                .addNewContainer()
                .withName("goload")
                .withImage(s.image())
                .withArgs(args)
                .withEnv(index)
                .withResources(res.build())
                .addNewPort().withName("coordinator").withContainerPort(s.coordinatorPort()).endPort()
                .addNewVolumeMount().withName("results").withMountPath("/results").endVolumeMount()
                .endContainer()
                .addNewVolume().withName("results").withNewPersistentVolumeClaim().withClaimName(s.resultsClaim())
                .endPersistentVolumeClaim().endVolume()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }
}
