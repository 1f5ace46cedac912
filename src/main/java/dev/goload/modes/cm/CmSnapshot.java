package dev.goload.modes.cm;

import dev.goload.metrics.RunCounters;

/**
 * Cumulative {@code cm} figures at one instant: the inputs of the reference's report and final lines, gathered from
 * cm's own counters and the run's common ones ({@code acked}, {@code ackErr}, {@code shed}, {@code popErr}).
 * Immutable; the interval reporter's probe takes one at every boundary.
 */
public record CmSnapshot(long producedA, long producedB, long db, long cal, long ota, long otap, long acked,
                         long dbDerived, long calDerived, long minOta, long minOtap, long ackErr, long pushErr,
                         long pushRetry, long shed, long pushGaveUp, long popErr, long undecodable) {

    static CmSnapshot of(CmCounters c, RunCounters.Snapshot run) {
        return new CmSnapshot(c.producedA.sum(), c.producedB.sum(), c.processed('A', false), c.processed('B', false),
                c.processed('A', true), c.processed('B', true), run.acked(), c.dbDerived.sum(), c.calDerived.sum(),
                c.minFinal('A'), c.minFinal('B'), run.ackErr(), c.pushErr.sum(), c.pushRetry.sum(), run.shedReq(),
                c.pushGaveUp.sum(), run.popErr(), c.undecodable.sum());
    }
}
