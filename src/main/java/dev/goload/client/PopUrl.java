package dev.goload.client;

import okhttp3.HttpUrl;

/**
 * Builds the pop URL: route by partition, path segments escaped, query keys in the reference encoder's
 * alphabetical order ({@code autoAck, autopilot, batch, consumerGroup, partitions, timeout, wait}).
 */
final class PopUrl {
    private PopUrl() {
    }

    static HttpUrl build(HttpUrl base, PopRequest r, PopAutopilot mode) {
        HttpUrl.Builder b = base.newBuilder()
                .addPathSegments("api/v1/pop/queue")
                .addPathSegment(r.queue());
        if (!r.wildcard()) b.addPathSegment("partition").addPathSegment(r.partition());

        boolean batchSet = r.batch() > 0;
        boolean partitionsSet = r.partitions() > 0;
        boolean autopilot = mode == PopAutopilot.ON && !(batchSet && partitionsSet);
        String batch;
        String partitions;
        if (mode == PopAutopilot.OFF) {
            batch = Integer.toString(batchSet ? r.batch() : 1);
            partitions = r.partitions() > 1 ? Integer.toString(r.partitions()) : null;
        } else {
            // Autopilot era: explicitly set knobs are always sent; unset ones are left to the broker.
            batch = batchSet ? Integer.toString(r.batch()) : null;
            partitions = partitionsSet ? Integer.toString(r.partitions()) : null;
        }

        if (r.autoAck() != null) b.addQueryParameter("autoAck", r.autoAck().toString());
        if (autopilot) b.addQueryParameter("autopilot", "true");
        if (batch != null) b.addQueryParameter("batch", batch);
        if (r.consumerGroup() != null && !r.consumerGroup().isEmpty()) {
            b.addQueryParameter("consumerGroup", r.consumerGroup());
        }
        if (partitions != null) b.addQueryParameter("partitions", partitions);
        b.addQueryParameter("timeout", Integer.toString(r.effectiveTimeoutMs()));
        b.addQueryParameter("wait", Boolean.toString(r.longPoll()));
        return b.build();
    }

    /**
     * Per-attempt deadline of a pop. Non-waiting: min(timeout, client timeout), as the reference. Long-poll:
     * timeout + 5 s, deliberately NOT capped by the client timeout — the reference's min() cuts every long-poll
     * whose timeout is within 5 s of TimeoutMillis before the broker answers, turning empty polls into errors.
     */
    static int callTimeoutMillis(PopRequest r, int clientTimeoutMillis) {
        long t = r.longPoll() ? (long) r.effectiveTimeoutMs() + 5000 : Math.min(r.effectiveTimeoutMs(), clientTimeoutMillis);
        return (int) Math.min(Integer.MAX_VALUE, t);
    }
}
