package dev.goload.modes.app;

import dev.goload.config.AppConfig;
import dev.goload.verify.OrderVerdict;
import java.util.ArrayList;
import java.util.List;

/**
 * app's section of the {@code goload.run/2} record (docs/run-record.md): per consumer group, the transactions,
 * stage 2, the order check, and app's other figures (redeliveries, lease renewals, foreign messages, failed ack
 * calls).
 */
public record AppSection(List<Group> groups, Tx tx, Stage2 stage2, Order order, long redeliveries, long leaseRenews,
                         long leaseRenewErr, long foreign, long ackErrCalls, int producers, int consumersPerGroup,
                         String rawLogDir, String rawLogError) {

    public record Group(String group, long popped, long completed, long failed, long deadLettered, long settled,
                        long backlog) {}

    public record Tx(long commits, long errors) {}

    public record Stage2(long pushed, long acked, long popErr, long ackErr) {}

    public record Order(boolean pass, long inOrder, long redeliveries, long violations, long unjudged, long evicted,
                        List<String> samples) {}

    public static AppSection of(AppResult r) {
        AppCounters.Snapshot a = r.app();
        List<Group> groups = new ArrayList<>();
        for (int g = 0; g < a.popped().length; g++) {
            groups.add(new Group(AppConfig.groupName(g), a.popped()[g], a.completed()[g], a.failed()[g],
                    a.deadLettered()[g], a.settled()[g], a.backlog(g)));
        }
        OrderVerdict v = r.verdict();
        return new AppSection(List.copyOf(groups), new Tx(a.txCommits(), a.txErr()),
                new Stage2(a.stage2Pushed(), a.stage2Acked(), a.stage2PopErr(), a.stage2AckErr()),
                new Order(v.pass(), v.inOrder(), v.dups(), v.violations(), v.unjudged(), v.evicted(), v.samples()),
                a.redeliveries(), a.leaseRenews(), a.leaseRenewErr(), a.foreign(), a.ackErrCalls(), r.producers(),
                r.consumersPerGroup(), r.rawLogDir(), r.rawLogError());
    }
}
