package dev.goload.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict's why at the top of the report: the loss classes that explain the missing, not a raw table below. */
class VerdictWhyTest {
    private static RunRecord record(String json) throws Exception {
        return RunRecord.of(new ObjectMapper().readTree(json));
    }

    private static final String CLOUD_FAIL = "{\"schema\":\"goload.run/2\",\"mode\":\"cloud\",\"verdict\":{\"result\":"
            + "\"FAIL\",\"exitCode\":3,\"findings\":[\"tenant 0 (t0): sentOk=300 received=281 missing=19\"]},"
            + "\"section\":{\"verify\":{\"sentOk\":600,\"received\":581,\"missing\":19,\"duplicate\":0,\"extra\":0},"
            + "\"faults\":{\"dupPush\":0,\"loseMsg\":0,\"dropAck\":0},"
            + "\"lossAttribution\":{\"enabled\":true,\"missing\":19,\"maxLookups\":100,\"lookups\":19,"
            + "\"attributed\":19,\"notLookedUp\":0,\"counts\":{\"neverStored\":0,\"skipped\":19,\"pending\":0}}}}";

    @Test
    void aCloudFailSaysWhichLossClassesExplainTheMissing() throws Exception {
        RunRecord r = record(CLOUD_FAIL);
        assertEquals("verdict FAIL: 19 missing: 19 stored, never delivered: the group's cursor passed it (broker"
                + " skipped it)", VerdictWhy.headline(r));
        assertEquals(List.of("19 stored, never delivered: the group's cursor passed it (broker skipped it) (skipped)",
                "verifier: 600 sent, 581 received, 19 missing, 0 duplicate, 0 extra",
                "tenant 0 (t0): sentOk=300 received=281 missing=19"), VerdictWhy.details(r));
    }

    @Test
    void theWhyOpensTheReportsHeaderBeforeTheBadgesAndTables() throws Exception {
        String h = RunHeaderHtml.header(record(CLOUD_FAIL));
        assertTrue(h.startsWith("<div class=\"why FAIL\" id=\"why\"><p class=\"why-headline\">verdict FAIL: 19 missing:"),
                h);
        assertTrue(h.indexOf("why-headline") < h.indexOf("badge"), h);
    }

    @Test
    void aCleanRunWithoutAVerdictHasNoWhyAndAFailWithoutLossNamesItsFirstFinding() throws Exception {
        assertEquals("", RunHeaderHtml.why(record("{\"schema\":\"goload.run/2\",\"verdict\":{\"result\":\"NONE\"}}")));
        RunRecord order = record("{\"verdict\":{\"result\":\"FAIL\",\"findings\":[\"p3: out of order at 41\",\"x\"]},"
                + "\"loader\":{\"loaderBound\":true,\"reasons\":[\"pacer late\"]}}");
        assertEquals("verdict FAIL: p3: out of order at 41", VerdictWhy.headline(order));
        assertTrue(VerdictWhy.details(order).getLast().startsWith("the loader limited this run (pacer late)"));
    }
}
