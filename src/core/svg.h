// SVG line plots and bar charts for reports (`kibitz lab`, `kibitz tune`).
//
// The reports are Markdown files that link to these pictures, so each one is a standalone
// SVG 1.1 document (no scripts, no external fonts or styles) that a browser or GitHub shows as
// it is. Measurements may be empty, zero or NaN: such points are left out, and the document
// never contains "nan" or "inf" (browsers silently drop elements with such coordinates).
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace kibitz::core {

struct Series {
    std::string name;
    std::vector<double> x, y;  // same length; points are joined by lines and marked by dots
};

struct LinePlot {
    std::string title, x_label, y_label;
    bool log_y = false;      // base-10 log scale: ticks at powers of 10 (1, 10, 100, 1k ...)
    bool integer_x = false;  // x ticks at whole numbers only (depths, plies)
    bool fit_y = false;      // a linear y axis spans the data only, not from 0
    bool dots = true;        // a dot at every point (off for long series such as error curves)
    std::vector<Series> series;
    int width = 720, height = 440;
};

struct Bar {
    std::string label;  // under the bar (category axis)
    double value = 0;
    double error = 0;  // half-width of an error bar (0 = none), drawn as a whisker
};

struct BarChart {
    std::string title, y_label;
    bool log_y = false;
    std::vector<Bar> bars;
    int width = 720, height = 440;
    // Optional horizontal reference line (e.g. "paper: 75%"): drawn dashed with its label when
    // reference_label is not empty.
    double reference = 0;
    std::string reference_label;
};

// The plot as an SVG document: title, axes with ticks, labels and light grid lines, one colour
// per series (Okabe-Ito), a legend when there is more than one series. Linear y axes start at
// 0 when no value is negative; on a log axis, points with y <= 0 are not drawn.
std::string render_svg(const LinePlot& plot);
// The chart as an SVG document: one bar per entry with its value written beside it, going down
// from 0 for negative values; long labels are slanted. Bars with value <= 0 are not drawn on
// a log axis.
std::string render_svg(const BarChart& chart);

// A number for a tick or bar label in at most 3 significant digits, with k, M, G, T for
// thousands and up: 0 -> "0", 1500 -> "1.5k", 1234567 -> "1.23M", -120 -> "-120", 0.75 ->
// "0.75". Magnitudes from 1e15 up or below 1e-4 use exponent notation; NaN gives "n/a".
std::string compact_number(double v);

}  // namespace kibitz::core
