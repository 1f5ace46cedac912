package dev.goload.verify;

import java.util.List;

/**
 * The outcome of an {@link OrderChecker}: deliveries in order, redeliveries ({@code dups}, fine under
 * at-least-once), violations (seq skipped or out of order), deliveries that could not be judged because their
 * partition had been evicted from the bounded state, evictions, and up to 20 violation samples.
 *
 * <p>{@code pass} is true iff there is no violation and at least one delivery was checked: a run that verified
 * nothing is not reported as a pass. {@code reason} says why in one line.
 */
public record OrderVerdict(long inOrder, long dups, long violations, long unjudged, long evicted,
                           List<String> samples, boolean pass, String reason) {

    public static OrderVerdict of(long inOrder, long dups, long violations, long unjudged, long evicted,
                                  List<String> samples) {
        long checked = inOrder + dups + violations;
        boolean pass = violations == 0 && checked > 0;
        String reason;
        if (violations > 0) {
            reason = violations + " order violation(s): a sequence number was skipped or delivered out of order";
        } else if (checked == 0) {
            reason = "no delivery was checked";
        } else {
            reason = "0 violations in " + checked + " checked deliveries (" + dups + " redeliveries)";
        }
        return new OrderVerdict(inOrder, dups, violations, unjudged, evicted, List.copyOf(samples), pass, reason);
    }

    public String label() {
        return pass ? "PASS" : "FAIL";
    }
}
