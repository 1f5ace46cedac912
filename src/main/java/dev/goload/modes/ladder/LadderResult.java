package dev.goload.modes.ladder;

import dev.goload.config.LadderConfig;
import java.util.List;

/**
 * A finished ladder: every point run, why it stopped, and the capacity it found.
 *
 * @param ceiling the last point that broke no rule and was not void, or null when none did
 */
public record LadderResult(LadderConfig config, List<PointResult> points, String stopReason, PointResult ceiling) {
    public LadderResult {
        points = List.copyOf(points);
    }
}
