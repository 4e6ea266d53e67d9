// SVG plots for reports: well-formed documents, escaped text, no NaN or infinity for
// degenerate data, powers of ten on log axes, negative bars, and the compact number format.
#include "core/svg.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "core/files.h"

namespace kibitz::core {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Checks the frame of an SVG document: an XML declaration, then <svg ...>, and </svg> at the end.
void expect_document(const std::string& svg) {
    EXPECT_EQ(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 0), 0u) << svg;
    EXPECT_NE(svg.find("xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
    EXPECT_NE(svg.find("viewBox=\"0 0 "), std::string::npos);
    ASSERT_GE(svg.size(), 7u);
    EXPECT_EQ(svg.substr(svg.find_last_not_of('\n') - 5, 6), "</svg>");
}

// Checks that no number in the document is NaN or infinite (as printed by iostreams).
void expect_finite(const std::string& svg) {
    for (const char* bad : {"nan", "NaN", "inf", "Inf"}) {
        EXPECT_EQ(svg.find(bad), std::string::npos) << bad << " in:\n" << svg;
    }
}

// The tick labels and bar values: every text element's content.
std::string texts(const std::string& svg) {
    std::string out;
    for (size_t at = svg.find("<text"); at != std::string::npos; at = svg.find("<text", at)) {
        size_t start = svg.find('>', at) + 1;
        size_t end = svg.find("</text>", start);
        out += "[" + svg.substr(start, end - start) + "]";
        at = end;
    }
    return out;
}

LinePlot plot_of(std::vector<double> x, std::vector<double> y, bool log_y = false) {
    LinePlot p;
    p.title = "nodes by depth";
    p.x_label = "depth";
    p.y_label = "nodes";
    p.log_y = log_y;
    p.series.push_back({"alpha-beta", std::move(x), std::move(y)});
    return p;
}

TEST(LabSvg, CompactNumber) {
    EXPECT_EQ(compact_number(0), "0");
    EXPECT_EQ(compact_number(-0.0), "0");
    EXPECT_EQ(compact_number(950), "950");
    EXPECT_EQ(compact_number(1500), "1.5k");
    EXPECT_EQ(compact_number(35000), "35k");
    EXPECT_EQ(compact_number(1234567), "1.23M");
    EXPECT_EQ(compact_number(2e9), "2G");
    EXPECT_EQ(compact_number(-120), "-120");
    EXPECT_EQ(compact_number(0.75), "0.75");
    EXPECT_EQ(compact_number(999.7), "1k");  // rounded to 3 digits before the unit is chosen
    EXPECT_EQ(compact_number(100000), "100k");
    EXPECT_EQ(compact_number(0.1 + 0.2), "0.3");
    EXPECT_EQ(compact_number(-1500), "-1.5k");
    EXPECT_EQ(compact_number(kNaN), "n/a");
    expect_finite(compact_number(kInf) + compact_number(-kInf) + compact_number(1e300));
}

TEST(LabSvg, LinePlotIsADocumentWithTitleLabelsAndEscapedNames) {
    LinePlot p = plot_of({1, 2, 3}, {10, 20, 40});
    p.title = "Ordering <MVV-LVA> & \"killers\"";
    p.series.push_back({"hash & <tt>", {1, 2, 3}, {5, 8, 9}});
    std::string svg = render_svg(p);
    expect_document(svg);
    expect_finite(svg);
    EXPECT_NE(svg.find("Ordering &lt;MVV-LVA&gt; &amp; &quot;killers&quot;"), std::string::npos);
    EXPECT_NE(svg.find("hash &amp; &lt;tt&gt;"), std::string::npos);  // in the legend
    EXPECT_EQ(svg.find("<tt>"), std::string::npos);
    EXPECT_NE(svg.find(">depth</text>"), std::string::npos);
    EXPECT_NE(svg.find(">nodes</text>"), std::string::npos);
    EXPECT_NE(svg.find("font-family=\"sans-serif\""), std::string::npos);
    EXPECT_NE(svg.find("<path d=\"M"), std::string::npos);
}

TEST(LabSvg, OneSeriesHasNoLegend) {
    std::string svg = render_svg(plot_of({1, 2}, {3, 4}));
    EXPECT_EQ(svg.find(">alpha-beta</text>"), std::string::npos);
}

TEST(LabSvg, DegenerateLinePlotsAreFinite) {
    LinePlot empty;
    LinePlot no_points = plot_of({}, {});
    LinePlot one_point = plot_of({5}, {7});
    LinePlot all_equal = plot_of({1, 2, 3}, {4, 4, 4});
    LinePlot zeros = plot_of({0, 0}, {0, 0});
    LinePlot nans = plot_of({1, kNaN, 3, 4}, {kNaN, 2, kInf, 5});
    LinePlot log_zero = plot_of({1, 2, 3}, {0, -5, 100}, true);
    LinePlot log_nothing = plot_of({1, 2}, {0, -1}, true);
    LinePlot lengths = plot_of({1, 2, 3}, {1});
    LinePlot tiny = plot_of({1, 2}, {1e-320, 1e300}, true);
    for (const LinePlot* p : {&empty, &no_points, &one_point, &all_equal, &zeros, &nans, &log_zero,
                              &log_nothing, &lengths, &tiny}) {
        std::string svg = render_svg(*p);
        expect_document(svg);
        expect_finite(svg);
    }
    EXPECT_EQ(render_svg(log_zero).find("<circle"), render_svg(log_zero).rfind("<circle"))
        << "only y = 100 is drawn";
}

TEST(LabSvg, LogAxisTicksArePowersOfTen) {
    std::string svg = render_svg(plot_of({1, 2, 3, 4, 5}, {30, 900, 27000, 8e5, 2e6}, true));
    expect_finite(svg);
    std::string labels = texts(svg);
    for (const char* tick : {"[100]", "[1k]", "[10k]", "[100k]", "[1M]"}) {
        EXPECT_NE(labels.find(tick), std::string::npos) << tick << " not in " << labels;
    }
    EXPECT_EQ(labels.find("[2M]"), std::string::npos) << labels;
    EXPECT_EQ(labels.find("[500k]"), std::string::npos) << labels;
}

TEST(LabSvg, IntegerXHasWholeTicks) {
    LinePlot p = plot_of({1, 2, 3}, {10, 20, 30});  // y ticks at multiples of 5
    p.integer_x = true;
    std::string labels = texts(render_svg(p));
    EXPECT_EQ(labels.find("[1.5]"), std::string::npos) << labels;
    EXPECT_EQ(labels.find("[2.5]"), std::string::npos) << labels;
    EXPECT_NE(labels.find("[2]"), std::string::npos) << labels;
}

TEST(LabSvg, LinearAxisStartsAtZeroForPositiveData) {
    std::string labels = texts(render_svg(plot_of({1, 2}, {500, 800})));
    EXPECT_NE(labels.find("[0]"), std::string::npos) << labels;
}

TEST(LabSvg, BarChartWithNegativeBarsErrorsAndReference) {
    BarChart c;
    c.title = "Elo of each feature";
    c.y_label = "Elo";
    c.bars = {{"no-null-move", -120, 15}, {"MVV-LVA + killers", 35, 10}, {"R&D <x>", 0, 0}};
    c.reference = 50;
    c.reference_label = "paper: 50";
    std::string svg = render_svg(c);
    expect_document(svg);
    expect_finite(svg);
    std::string labels = texts(svg);
    EXPECT_NE(labels.find("[-120]"), std::string::npos) << labels;
    EXPECT_NE(labels.find("[35]"), std::string::npos) << labels;
    EXPECT_NE(labels.find("[paper: 50]"), std::string::npos) << labels;
    EXPECT_NE(labels.find("[R&amp;D &lt;x&gt;]"), std::string::npos) << labels;
    EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);
    EXPECT_EQ(svg.find("rotate(-30"), std::string::npos) << "three labels fit side by side";
    // The value axis reaches below the whisker of the negative bar: -135.
    EXPECT_TRUE(labels.find("[-150]") != std::string::npos ||
                labels.find("[-200]") != std::string::npos)
        << labels;
}

TEST(LabSvg, DegenerateBarChartsAreFinite) {
    BarChart empty;
    BarChart zeros;
    zeros.bars = {{"a", 0, 0}, {"b", 0, 0}};
    BarChart nans;
    nans.bars = {{"a", kNaN, kNaN}, {"b", kInf, 1}, {"c", 3, kInf}};
    BarChart log_bars;
    log_bars.log_y = true;
    log_bars.bars = {{"zero", 0, 0}, {"negative", -4, 1}, {"wide", 10, 20}, {"big", 3e6, 0}};
    log_bars.reference_label = "at zero";  // not drawable on a log axis
    BarChart log_nothing;
    log_nothing.log_y = true;
    log_nothing.bars = {{"zero", 0, 0}};
    BarChart many;
    for (int i = 0; i < 60; ++i)
        many.bars.push_back({"a rather long label " + std::to_string(i), 1.0 * i, 0});
    BarChart small;
    small.width = 1;
    small.height = -5;
    small.bars = {{"a", 1, 0}};
    for (const BarChart* c : {&empty, &zeros, &nans, &log_bars, &log_nothing, &many, &small}) {
        std::string svg = render_svg(*c);
        expect_document(svg);
        expect_finite(svg);
    }
    std::string labels = texts(render_svg(log_bars));
    EXPECT_NE(labels.find("[1M]"), std::string::npos) << labels;
    EXPECT_NE(labels.find("[3M]"), std::string::npos) << "the value of the big bar: " << labels;
}

TEST(LabSvg, LongLabelsAreSlantedAndCutWithoutBreakingUtf8) {
    BarChart c;
    c.bars = {{std::string(40, 'x') + "é", 1, 0}, {"Zugzwang é é é é é é é é é é é é é é é", 2, 0}};
    for (int i = 0; i < 6; ++i) c.bars.push_back({"MVV-LVA + killers", 3, 0});
    std::string svg = render_svg(c);
    EXPECT_NE(svg.find("rotate(-30"), std::string::npos);
    EXPECT_NE(svg.find("…"), std::string::npos);
    EXPECT_EQ(svg.find(std::string(32, 'x')), std::string::npos);
    // Every UTF-8 lead byte of "é" (0xC3) is followed by its continuation byte.
    for (size_t i = 0; i < svg.size(); ++i) {
        if (static_cast<unsigned char>(svg[i]) == 0xC3) {
            ASSERT_LT(i + 1, svg.size());
            EXPECT_EQ(static_cast<unsigned char>(svg[i + 1]), 0xA9);
        }
    }
}

TEST(LabSvg, WriteFileWritesAndNamesTheFileOnError) {
    std::string path = ::testing::TempDir() + "lab_svg_test.svg";
    Status ok = write_file(path, "<svg/>\n");
    ASSERT_TRUE(ok.ok()) << ok.error();
    std::ifstream in(path);
    std::stringstream read;
    read << in.rdbuf();
    EXPECT_EQ(read.str(), "<svg/>\n");
    std::remove(path.c_str());

    Status bad = write_file("/nonexistent-dir/x.svg", "x");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("/nonexistent-dir/x.svg"), std::string::npos) << bad.error();
}

}  // namespace
}  // namespace kibitz::core
