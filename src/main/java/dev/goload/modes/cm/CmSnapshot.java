package dev.goload.modes.cm;

/** Cumulative {@code cm} figures at one instant (the report line's inputs). Immutable. */
public record CmSnapshot(long producedA, long producedB, long db, long cal, long ota, long otap, long acked,
                         long dbDerived, long calDerived, long minOta, long minOtap, long ackErr, long pushErr,
                         long pushRetry, long shed, long pushGaveUp, long popErr, long undecodable) {

    static CmSnapshot of(CmCounters c) {
        return new CmSnapshot(c.producedA.sum(), c.producedB.sum(), c.processed('A', false), c.processed('B', false),
                c.processed('A', true), c.processed('B', true), c.acked.sum(), c.dbDerived.sum(), c.calDerived.sum(),
                c.minFinal('A'), c.minFinal('B'), c.ackErr.sum(), c.pushErr.sum(), c.pushRetry.sum(), c.pushShed.sum(),
                c.pushGaveUp.sum(), c.popErr.sum(), c.undecodable.sum());
    }
}
