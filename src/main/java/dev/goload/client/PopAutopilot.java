package dev.goload.client;

/**
 * Which pop wire shape the client speaks (goload-behavior.md §5.3, queen-wire.md §B.3). Record it in every artifact:
 * the two shapes let the broker choose different partition sweep widths and batch sizes.
 * <ul>
 *   <li>{@link #OFF}: pre-autopilot SDK — {@code batch} always sent (unset ⇒ 1), {@code partitions} only when &gt; 1.</li>
 *   <li>{@link #ON}: autopilot-era SDK — if batch or partitions is unset, send {@code autopilot=true} and omit the
 *       unset knob(s); if both are set, send the legacy request with both.</li>
 * </ul>
 */
public enum PopAutopilot { OFF, ON }
