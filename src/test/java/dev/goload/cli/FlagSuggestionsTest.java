package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FlagSuggestionsTest {
    private static final List<String> NAMES = List.of("pop-batch", "push-batch", "pop-wait", "rate", "ramp-sec");

    @Test
    void suggestsTheClosestNameForATypoASwapOrAMissingLetter() {
        assertEquals(Optional.of("pop-batch"), FlagSuggestions.closest("pop-bach", NAMES));
        assertEquals(Optional.of("pop-wait"), FlagSuggestions.closest("pop-wiat", NAMES));
        assertEquals(Optional.of("rate"), FlagSuggestions.closest("rat", NAMES));
        assertEquals(Optional.of("push-batch"), FlagSuggestions.closest("pushbatch", NAMES));
    }

    @Test
    void makesNoWildGuess() {
        assertEquals(Optional.empty(), FlagSuggestions.closest("producers", NAMES));
        assertEquals(Optional.empty(), FlagSuggestions.closest("xyz", NAMES));
    }

    @Test
    void aSwapOfNeighboursIsOneEdit() {
        assertEquals(1, FlagSuggestions.distance("rtae", "rate"));
        assertEquals(0, FlagSuggestions.distance("rate", "rate"));
        assertEquals(3, FlagSuggestions.distance("", "abc"));
    }

    @Test
    void theLineCarriesTheFormsDashes() {
        assertEquals(Optional.of("did you mean --pop-batch?"), FlagSuggestions.line("pop-bach", NAMES, "--"));
        assertEquals(Optional.of("did you mean -pop-batch?"), FlagSuggestions.line("pop-bach", NAMES, "-"));
    }
}
