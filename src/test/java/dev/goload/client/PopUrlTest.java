package dev.goload.client;

import static org.junit.jupiter.api.Assertions.*;

import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

class PopUrlTest {
    private static final HttpUrl BASE = HttpUrl.get("http://h:1/prefix");

    private static String url(PopRequest r, PopAutopilot mode) {
        String u = PopUrl.build(BASE, r, mode).toString();
        return u.substring("http://h:1".length());
    }

    @Test
    void legacyShapeAlwaysSendsBatchAndPartitionsOnlyAboveOne() {
        assertEquals("/prefix/api/v1/pop/queue/q?batch=1&timeout=30000&wait=false", url(PopRequest.of("q"), PopAutopilot.OFF));
        assertEquals("/prefix/api/v1/pop/queue/q?batch=5&timeout=30000&wait=false",
                url(PopRequest.of("q").withBatch(5).withPartitions(1), PopAutopilot.OFF));
        assertEquals("/prefix/api/v1/pop/queue/q?autoAck=false&batch=5&consumerGroup=g&partitions=2&timeout=10&wait=true",
                url(PopRequest.of("q").withBatch(5).withPartitions(2).withAutoAck(false).withConsumerGroup("g")
                        .withWait(true).withTimeoutMs(10), PopAutopilot.OFF));
    }

    @Test
    void autopilotShape() {
        assertEquals("/prefix/api/v1/pop/queue/q?autopilot=true&partitions=3&timeout=30000&wait=false",
                url(PopRequest.of("q").withPartitions(3), PopAutopilot.ON));
        assertEquals("/prefix/api/v1/pop/queue/q?batch=2&partitions=1&timeout=30000&wait=false",
                url(PopRequest.of("q").withBatch(2).withPartitions(1), PopAutopilot.ON));
    }

    @Test
    void defaultPartitionUsesTheQueueRoute() {
        assertEquals("/prefix/api/v1/pop/queue/q?batch=1&timeout=30000&wait=false",
                url(PopRequest.of("q").withPartition("Default"), PopAutopilot.OFF));
        assertEquals("/prefix/api/v1/pop/queue/q/partition/p?batch=1&timeout=30000&wait=false",
                url(PopRequest.of("q").withPartition("p"), PopAutopilot.OFF));
    }
}
