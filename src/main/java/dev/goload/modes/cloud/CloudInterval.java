package dev.goload.modes.cloud;

/**
 * One report interval of a cloud run: what the console line and the CSV row print.
 *
 * @param tSec        seconds since the producers' start instant
 * @param seconds     the measured interval length (rates divide by it, not by the nominal {@code -report})
 * @param total       cumulative counters at the interval's end (error, empty and cross columns are cumulative)
 * @param delta       this interval's counter deltas
 * @param liveTasks   consumer and push tasks alive (the reference's goroutine count)
 * @param loaderCpu   the loader process's CPU in the interval (cores)
 * @param loaderBound why the loader, not the broker, limited this interval (empty when it did not)
 */
public record CloudInterval(double tSec, long wallEpochMs, String phase, double seconds, int inflight, double e2eP50Ms,
                            double e2eP99Ms, double pushP50Ms, double pushP99Ms, CloudCounters.Snapshot total,
                            CloudCounters.Snapshot delta, int liveTasks, int pushBatch, double loaderCpu,
                            java.util.List<String> loaderBound) {

    public double offeredMsgPerSec() {
        return rate(delta.offeredReq() * (double) pushBatch);
    }

    public double shedMsgPerSec() {
        return rate(delta.shedReq() * (double) pushBatch);
    }

    public double pushedMsgPerSec() {
        return rate(delta.pushedMsg());
    }

    public double poppedMsgPerSec() {
        return rate(delta.poppedMsg());
    }

    public double ackedMsgPerSec() {
        return rate(delta.ackedMsg());
    }

    private double rate(double n) {
        return seconds > 0 ? n / seconds : 0;
    }

    /** Deltas of two snapshots. */
    static CloudCounters.Snapshot minus(CloudCounters.Snapshot a, CloudCounters.Snapshot b) {
        return new CloudCounters.Snapshot(a.offeredReq() - b.offeredReq(), a.shedCapReq() - b.shedCapReq(),
                a.shedBehindReq() - b.shedBehindReq(), a.pushReq() - b.pushReq(), a.pushedMsg() - b.pushedMsg(),
                a.popReq() - b.popReq(), a.poppedMsg() - b.poppedMsg(), a.emptyPops() - b.emptyPops(),
                a.ackReq() - b.ackReq(), a.ackedMsg() - b.ackedMsg(), a.crossTenant() - b.crossTenant(),
                a.undecodable() - b.undecodable(), a.itemFailed() - b.itemFailed(), a.errPush() - b.errPush(),
                a.errPop() - b.errPop(), a.errAck() - b.errAck(), a.err429() - b.err429(), a.err403() - b.err403(),
                a.err5xx() - b.err5xx(), a.errTimeout() - b.errTimeout(), a.errConn() - b.errConn(),
                a.backoffs() - b.backoffs(), a.backoffMillis() - b.backoffMillis());
    }
}
