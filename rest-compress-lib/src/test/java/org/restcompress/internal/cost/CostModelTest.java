package org.restcompress.internal.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The model on recorded figures: the codec speeds of benchmarks/results/network.md, no clock involved. */
class CostModelTest {

    private static final List<String> ALL = List.of("zstd", "lz4", "lzf", "br", "gzip", "deflate", "identity");

    /** The library's built-in figures: the 1.8 MB document of network.md through the library (2026-11-22). */
    private static final Map<String, CodingFigures> MEASURED = Calibration.BUILT_IN;

    private static String fastest(double bitsPerSecond, double cpuWeight) {
        return fastest(bitsPerSecond, cpuWeight, true);
    }

    /** The server's work besides the codec on the benchmark's 1.8 MB document: 1.8 to 2.4 ns a byte (2026-11-29). */
    private static final double SERVER = 2;

    private static String fastest(double bitsPerSecond, double cpuWeight, boolean streamed) {
        return CostModel.rank(ALL, MEASURED, bitsPerSecond, cpuWeight, streamed, SERVER).get(0).coding();
    }

    /** The winners the network benchmark measured at each link (gzip and deflate are one deflate). */
    @ParameterizedTest
    @CsvSource({"1e6, gzip|deflate", "10e6, gzip|deflate", "100e6, zstd", "1e9, lz4", "20e9, identity"})
    void picksWhatTheNetworkBenchmarkMeasured(double bitsPerSecond, String winner) {
        String fastest = fastest(bitsPerSecond, 1);
        assertTrue(fastest.matches(winner), fastest + " at " + bitsPerSecond);
    }

    @Test
    void theStagesOverlapButNotCompletely() {
        // link 10, codec 2 + 1: the slowest stage plus a quarter of the codec's and the link's faster
        assertEquals(10 + 0.25 * 3, CostModel.time(0, 2, 10, 1, true), 1e-9);
        // the server compresses 6 while the client decodes 2 on its own CPU: the stages do not add up
        assertEquals(6 + 0.25 * 4, CostModel.time(0, 6, 4, 2, true), 1e-9);
        assertEquals(7 + 0.25 * 4, CostModel.time(0, 2, 4, 7, true), 1e-9);
        // identity: the link alone
        assertEquals(8, CostModel.rank(List.of("identity"), Map.of(), 1e9, 1, true, 0).get(0).nanosPerByte(), 1e-9);
    }

    @Test
    void theServersWorkAddsToTheCpuButLeavesNoPipelineToFill() {
        // 6 ns a byte of the server's own: identity's thread keeps up with a 1 Gbit/s link (8), lz4's does not
        assertEquals(8, CostModel.time(6, 0, 8, 0, true), 1e-9);
        assertEquals(9.5 + 0.25 * 3, CostModel.time(6, 3.5, 3, 0.5, true), 1e-9);
        assertEquals(6 + 3.5 + 3 + 0.5, CostModel.time(6, 3.5, 3, 0.5, false), 1e-9);
        assertEquals("identity", CostModel.rank(ALL, MEASURED, 1e9, 1, true, 6).get(0).coding());
        assertEquals("lz4", CostModel.rank(ALL, MEASURED, 1e9, 1, true, SERVER).get(0).coding());
        // with none, zstd's compression keeps ahead of lz4's bytes, the client decoding on its own core
        assertEquals("zstd", CostModel.rank(ALL, MEASURED, 1e9, 1, true, 0).get(0).coding());
        // on slower links the link still decides
        assertEquals("zstd", CostModel.rank(ALL, MEASURED, 100e6, 1, true, 6).get(0).coding());
        assertTrue(CostModel.rank(ALL, MEASURED, 10e6, 1, true, 6).get(0).coding().matches("gzip|deflate"));
        assertThrows(IllegalArgumentException.class, () -> CostModel.rank(ALL, MEASURED, 1e9, 1, true, -1));
        assertThrows(IllegalArgumentException.class, () -> CostModel.rank(ALL, MEASURED, 1e9, 1, true, Double.NaN));
    }

    @Test
    void aBodyTooSmallToStreamWaitsForEveryStage() {
        assertEquals(2 + 10 + 1, CostModel.time(0, 2, 10, 1, false), 1e-9);
        assertEquals(8, CostModel.rank(List.of("identity"), Map.of(), 1e9, 1, false, 0).get(0).nanosPerByte(), 1e-9);
        // network.md, 100 KB at 10 Mbit/s: zstd's faster compression is no longer hidden behind gzip's fewer bytes
        assertTrue(fastest(10e6, 1, true).matches("gzip|deflate"));
        assertEquals("zstd", fastest(10e6, 1, false));
        // and at 100 Mbit/s and 1 Gbit/s the same codings win as for streamed bodies
        assertEquals("zstd", fastest(100e6, 1, false));
        assertEquals("lz4", fastest(1e9, 1, false));
        // near the break-even with identity, the whole of lz4's CPU time counts: identity wins sooner
        assertEquals("identity", fastest(3e9, 1, false));
        // (without the server's work, which at 3 Gbit/s makes identity win even for a body that streams)
        assertEquals("lz4", CostModel.rank(ALL, MEASURED, 3e9, 1, true, 0).get(0).coding());
    }

    @Test
    void aBusyCpuMakesCheaperCodingsWin() {
        // compression at four times the cost: gzip gives way to zstd, lz4 to identity
        assertEquals("zstd", fastest(10e6, 4));
        assertEquals("identity", fastest(1e9, 4));
        assertEquals("lz4", fastest(1e9, 1));
        // the server's own work weighs as compression does: 1.5 ns a byte of it and lz4's 1.7, tripled, outlast the
        // link's 8 (unweighted, 6.7: lz4 would still win)
        List<String> two = List.of("lz4", "identity");
        assertEquals("identity", CostModel.rank(two, MEASURED, 1e9, 3, true, 1.5).get(0).coding());
        assertEquals("lz4", CostModel.rank(two, MEASURED, 1e9, 1, true, 1.5).get(0).coding());
    }

    @Test
    void candidatesWithoutFiguresAreLeftOutAndTiesKeepThePreferenceOrder() {
        CodingFigures same = new CodingFigures(1, 0.3, 1);
        List<CostModel.Estimate> ranking = CostModel.rank(List.of("b", "mine", "a", "identity"),
                Map.of("a", same, "b", same), 1e8, 1, true, 0);
        assertEquals(List.of("b", "a", "identity"),
                ranking.stream().map(CostModel.Estimate::coding).collect(Collectors.toList()));
    }

    @Test
    void describesTheRanking() {
        List<CostModel.Estimate> ranking = List.of(new CostModel.Estimate("lz4", 7.4),
                new CostModel.Estimate("zstd", 17.25), new CostModel.Estimate("identity", 1452.4));
        assertEquals("lz4 7.40 < zstd 17.3 < identity 1452 ms/MB", CostModel.describe(ranking));
    }

    @Test
    void writesNumbersWithAboutThreeDigits() {
        assertEquals("0.00", CostModel.number(0));
        assertEquals("0.05", CostModel.number(0.049));
        assertEquals("6.63", CostModel.number(6.625001));
        assertEquals("10.00", CostModel.number(9.9996)); // rounded up past a boundary, as String.format would
        assertEquals("16.2", CostModel.number(16.23));
        assertEquals("100.0", CostModel.number(99.99));
        assertEquals("1207", CostModel.number(1206.6));
        assertEquals("0.007", CostModel.decimals(0.0072, 3));
        assertEquals("12.340", CostModel.decimals(12.34, 3));
        assertEquals("NaN", CostModel.number(Double.NaN));
    }

    @Test
    void refusesNonsense() {
        assertThrows(IllegalArgumentException.class, () -> CostModel.rank(ALL, MEASURED, 0, 1, true, 0));
        assertThrows(IllegalArgumentException.class, () -> CostModel.rank(ALL, MEASURED, 1e9, 0.5, false, 0));
        assertThrows(IllegalArgumentException.class, () -> new CodingFigures(-1, 0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new CodingFigures(1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new CodingFigures(Double.NaN, 0.5, 1));
    }

    @Test
    void cpuWeightRisesPastTheKnee() {
        assertEquals(1, CpuLoad.weight(0), 1e-9);
        assertEquals(1, CpuLoad.weight(0.5), 1e-9);
        assertEquals(2.5, CpuLoad.weight(0.75), 1e-9);
        assertEquals(4, CpuLoad.weight(1), 1e-9);
        assertEquals(4, CpuLoad.weight(7), 1e-9);
    }
}
