package dev.goload.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import org.junit.jupiter.api.Test;

class K8sManifestsTest {
    private static K8sManifests.Spec spec() {
        return new K8sManifests.Spec("soak-a", "bench", "ghcr.io/queen/goload:1.4", 4, "2", "1Gi", "goload-results",
                7070, "soak-a-20261201", List.of("-mode", "openloop", "-rate", "600000", "-url", "http://queen:6632"));
    }

    @Test
    void theYamlParsesBackIntoAnIndexedJobAndAHeadlessService() {
        String yaml = K8sManifests.yaml(spec());
        assertTrue(yaml.startsWith("---"), yaml);
        List<HasMetadata> objs = Serialization.unmarshal(yaml);
        assertEquals(2, objs.size());
        Service svc = (Service) objs.get(0);
        Job job = (Job) objs.get(1);

        assertEquals("soak-a-shards", svc.getMetadata().getName());
        assertEquals("None", svc.getSpec().getClusterIP());
        assertEquals("soak-a", svc.getSpec().getSelector().get("goload.dev/run"));
        assertEquals(7070, svc.getSpec().getPorts().get(0).getPort());

        var js = job.getSpec();
        assertEquals("Indexed", js.getCompletionMode());
        assertEquals(4, js.getCompletions());
        assertEquals(4, js.getParallelism());
        assertEquals(0, js.getBackoffLimit());
        var pod = js.getTemplate().getSpec();
        assertEquals("soak-a-shards", pod.getSubdomain(), "pods reachable as <job>-<index>.<service>");
        assertEquals("Never", pod.getRestartPolicy());
        assertEquals("soak-a", js.getTemplate().getMetadata().getLabels().get("goload.dev/run"),
                "the service selects the job's pods");
        var c = pod.getContainers().get(0);
        assertEquals("ghcr.io/queen/goload:1.4", c.getImage());
        List<String> args = c.getArgs();
        assertEquals(List.of("-mode", "openloop", "-rate", "600000", "-url", "http://queen:6632"), args.subList(0, 6));
        assertEquals("4", args.get(args.indexOf("-shards") + 1));
        assertEquals("http://soak-a-0.soak-a-shards.bench.svc:7070", args.get(args.indexOf("-coordinator") + 1));
        assertEquals(":7070", args.get(args.indexOf("-coordinate-listen") + 1));
        assertEquals("soak-a-20261201", args.get(args.indexOf("-run-id") + 1));
        assertEquals("/results/shard-$(JOB_COMPLETION_INDEX)", args.get(args.indexOf("-out") + 1));
        assertEquals("JOB_COMPLETION_INDEX", c.getEnv().get(0).getName());
        assertEquals("metadata.annotations['batch.kubernetes.io/job-completion-index']",
                c.getEnv().get(0).getValueFrom().getFieldRef().getFieldPath());
        assertEquals("2", c.getResources().getLimits().get("cpu").toString());
        assertEquals("1Gi", c.getResources().getRequests().get("memory").toString());
        assertEquals("/results", c.getVolumeMounts().get(0).getMountPath());
        assertEquals("goload-results", pod.getVolumes().get(0).getPersistentVolumeClaim().getClaimName());
    }

    @Test
    void theObjectsAreAcceptedByTheMockApiServerAndReadBackUnchanged() {
        // CRUD mode: the mock stores what is created and serves it back, as an API server does
        KubernetesMockServer server = new KubernetesMockServer(new io.fabric8.mockwebserver.Context(),
                new io.fabric8.mockwebserver.MockWebServer(), new java.util.HashMap<>(),
                new io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher(), false);
        server.init(java.net.InetAddress.getLoopbackAddress(), 0);
        try (KubernetesClient client = server.createClient()) {
            List<HasMetadata> objs = Serialization.unmarshal(K8sManifests.yaml(spec()));
            client.resourceList(new KubernetesList("v1", objs, "List", null)).inNamespace("bench").create();
            Job job = client.batch().v1().jobs().inNamespace("bench").withName("soak-a").get();
            Service svc = client.services().inNamespace("bench").withName("soak-a-shards").get();
            assertEquals("Indexed", job.getSpec().getCompletionMode());
            assertEquals(4, job.getSpec().getParallelism());
            assertEquals("None", svc.getSpec().getClusterIP());
            assertEquals(K8sManifests.job(spec()).getSpec().getTemplate().getSpec().getContainers(),
                    job.getSpec().getTemplate().getSpec().getContainers());
        } finally {
            server.destroy();
        }
    }

    @Test
    void badSpecsAreRefusedWithTheFlagName() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new K8sManifests.Spec("Soak_A", "", "img", 2,
                "", "", "c", 7070, "r", List.of())).getMessage().contains("-name"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new K8sManifests.Spec("a", "", "img", 0,
                "", "", "c", 7070, "r", List.of())).getMessage().contains("-shards"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new K8sManifests.Spec("a", "", "img", 2,
                "", "", "c", 7070, "r", List.of("-mode", "max", "-shard", "0/2"))).getMessage()
                .contains("sets -shard itself"));
        assertTrue(new K8sManifests.Spec("a", "", "img", 2, "", "", "c", 7070, "r", List.of()).coordinatorUrl()
                .equals("http://a-0.a-shards:7070"));
    }
}
