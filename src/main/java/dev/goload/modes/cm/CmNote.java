package dev.goload.modes.cm;

import dev.goload.modes.LoaderWarmUp;
import dev.goload.modes.run.RunNote;
import java.util.List;

/**
 * What a {@code cm} run has to say besides its intervals (goload-behavior.md §2.6). {@code report/CmConsole} renders
 * each in the reference's words; the engine never prints.
 */
public sealed interface CmNote extends RunNote {
    /** A queue's configure call failed (the run goes on, as the reference's does). */
    record ConfigureWarning(String queue, String message) implements CmNote {}

    /** The four queues were configured (the reference prints this even after warnings). */
    record Configured(List<String> queues) implements CmNote {
        public Configured {
            queues = List.copyOf(queues);
        }
    }

    /** The seq-0 warm-up starts. */
    record WarmupStart(int properties, int concurrencyPerFlow) implements CmNote {}

    /** Every seq-0 push was accepted {@code seconds} after the warm-up started; the pipeline drains next. */
    record WarmupIngressDone(double seconds) implements CmNote {}

    /** Every stage applied seq 0 of every property {@code seconds} after the warm-up started. */
    record WarmupComplete(double seconds) implements CmNote {}

    /** The loader's own warm-up before T0. */
    record LoaderWarm(LoaderWarmUp.Result result) implements CmNote {}

    /** T0: the rated load starts; {@code atStart} is the baseline the first interval's rates are taken from. */
    record Started(CmSnapshot atStart) implements CmNote {}

    /**
     * The ordered shutdown is over: {@code drained} false when the stage workers were still busy after 15 s; the
     * pop and push pauses grown by consecutive failures.
     */
    record Shutdown(boolean drained, long backoffs, long backoffMillis) implements CmNote {}
}
