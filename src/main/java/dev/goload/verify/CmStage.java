package dev.goload.verify;

import java.util.List;

/**
 * One consuming stage of the {@code cm} pipeline: a consumer group on a queue. Its log is
 * {@code <queue>_<group>.log} in the run's log directory, one {@code prop,seq} line per applied message.
 *
 * @param queue    queue name, {@code -queue-prefix} included
 * @param group    consumer group
 * @param flow     {@code 'A'} (availability) or {@code 'B'} (prices)
 * @param terminal whether this is a final (OTA) stage; intermediate stages push derived messages downstream
 */
public record CmStage(String queue, String group, char flow, boolean terminal) {
    public static final String AVAIL = "cm-avail";
    public static final String DB = "cm-db";
    public static final String OTA_SYNC = "cm-ota-sync";
    public static final String PRICES = "cm-prices";
    public static final String CAL = "cm-cal";
    public static final String OTA_PRICES = "cm-ota-prices";
    /** Final groups per flow ({@code ota-1..5}, {@code otap-1..5}). */
    public static final int FINAL_GROUPS = 5;

    public String fileName() {
        return queue + "_" + group + ".log";
    }

    /** The row label of the verifier table ({@code queue_group}). */
    public String label() {
        return queue + "_" + group;
    }

    /**
     * The 12 stages in the verifier's row order: {@code cm-avail_cm-db}, {@code cm-ota-sync_ota-1..5},
     * {@code cm-prices_cm-cal}, {@code cm-ota-prices_otap-1..5}; queue names carry {@code prefix}.
     */
    public static List<CmStage> standard(String prefix) {
        String p = prefix == null ? "" : prefix;
        var out = new java.util.ArrayList<CmStage>(12);
        out.add(new CmStage(p + AVAIL, DB, 'A', false));
        for (int i = 1; i <= FINAL_GROUPS; i++) out.add(new CmStage(p + OTA_SYNC, "ota-" + i, 'A', true));
        out.add(new CmStage(p + PRICES, CAL, 'B', false));
        for (int i = 1; i <= FINAL_GROUPS; i++) out.add(new CmStage(p + OTA_PRICES, "otap-" + i, 'B', true));
        return List.copyOf(out);
    }
}
