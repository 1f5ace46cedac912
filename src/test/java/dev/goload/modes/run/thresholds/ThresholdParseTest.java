package dev.goload.modes.run.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ThresholdParseTest {

    @Test
    void readsMetricOperatorNumberAndUnit() {
        Threshold t = Threshold.parse("  push.p99 < 10ms ");
        assertEquals("push.p99 < 10ms", t.expr());
        assertEquals("push.p99", t.metric());
        assertEquals(Op.LT, t.op());
        assertEquals(10, t.number());
        assertEquals("ms", t.unit());
        assertNull(t.rhsMetric());
    }

    @Test
    void readsEveryOperatorTwoCharacterOnesFirst() {
        assertEquals(Op.LE, Threshold.parse("shed<=0").op());
        assertEquals(Op.GE, Threshold.parse("shed>=1").op());
        assertEquals(Op.EQ, Threshold.parse("shed==0").op());
        assertEquals(Op.NE, Threshold.parse("shed!=0").op());
        assertEquals(Op.GT, Threshold.parse("shed>0").op());
        assertEquals(Op.LT, Threshold.parse("shed<0").op());
    }

    @Test
    void readsUnitsPercentAndScientificNumbers() {
        assertEquals("%", Threshold.parse("errors.rate<0.1%").unit());
        assertEquals("us", Threshold.parse("push.p50<500us").unit());
        assertEquals("us", Threshold.parse("push.p50<500µs").unit());
        assertEquals("s", Threshold.parse("e2e.p999<1s").unit());
        assertEquals(1.5e3, Threshold.parse("pushed>=1.5e3").number());
        assertEquals(0.5, Threshold.parse("push.p50<.5ms").number());
    }

    @Test
    void readsAMetricOnTheRightWithAnOptionalFactor() {
        Threshold t = Threshold.parse("achieved>=0.99*offered");
        assertEquals("offered", t.rhsMetric());
        assertEquals(0.99, t.number());
        Threshold bare = Threshold.parse("popped >= pushed");
        assertEquals("pushed", bare.rhsMetric());
        assertEquals(1, bare.number());
        assertEquals(java.util.List.of("popped", "pushed"), bare.metrics());
    }

    @Test
    void rejectsMalformedExpressionsSayingWhy() {
        assertMessage("shed=0", "'=' is not a comparison: write ==");
        assertMessage("shed 0", "no comparison");
        assertMessage("<10ms", "no metric before <");
        assertMessage("push.p99<", "no limit after <");
        assertMessage("push.p99<<10ms", "one comparison per expression");
        assertMessage("push.p99<10 minutes", "cannot read the limit \"10 minutes\"");
        assertMessage("9push<1", "\"9push\" is not a metric name");
        assertMessage("push.p99<-1ms", "cannot read the limit");
        assertMessage("   ", "empty expression");
    }

    @Test
    void aMalformedExpressionNamesNoUnknownMetric() {
        ThresholdException e = assertThrows(ThresholdException.class, () -> Threshold.parse("shed=0"));
        assertEquals(Optional.empty(), e.unknownMetric());
    }

    private static void assertMessage(String expr, String part) {
        ThresholdException e = assertThrows(ThresholdException.class, () -> Threshold.parse(expr));
        assertTrue(e.getMessage().contains(part), e.getMessage());
        assertTrue(e.getMessage().startsWith("-threshold \""), e.getMessage());
    }
}
