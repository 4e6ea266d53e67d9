// SVG plots: axes with "nice" ticks (1, 2, 5 x 10^k) or powers of ten, written as plain SVG 1.1
// text. Layout is computed from estimated text widths (there is no font metrics here), so the
// margins are a little generous.
#include "core/svg.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iomanip>
#include <iterator>
#include <sstream>

namespace kibitz::core {
namespace {

// Okabe-Ito colours (safe for colour-blind readers); yellow last, as it is faint on white.
constexpr const char* kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                    "#E69F00", "#56B4E9", "#000000", "#F0E442"};
constexpr double kCharWidth = 6.8;  // average advance of a 12 px sans-serif character
constexpr int kMaxLabelChars = 32;  // longer bar labels and series names are cut with "…"
constexpr double kLargest = 1e300;  // beyond this, spans of the data would overflow
constexpr const char* kGrid = "#e3e3e3";
constexpr const char* kInk = "#333333";

// Text for XML content and attributes; control characters (not allowed in XML) become blanks.
std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default: out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
        }
    }
    return out;
}

// Characters (UTF-8 code points) in text, for width estimates.
int length(const std::string& text) {
    return static_cast<int>(
        std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// text cut to at most max_chars characters, ending in "…" when cut; never splits a UTF-8
// sequence (that would make the document invalid).
std::string shorten(const std::string& text, int max_chars) {
    if (length(text) <= max_chars) return text;
    int seen = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if ((text[i] & 0xC0) != 0x80 && ++seen == max_chars) return text.substr(0, i) + "…";
    }
    return text;
}

bool usable(double v, bool log) { return std::abs(v) <= kLargest && (!log || v > 0); }

// A value axis: its range (exponents of ten on a log axis) and its ticks (values).
struct Axis {
    double lo = 0, hi = 1;
    bool log = false;
    std::vector<double> ticks;

    // Where v falls: 0 at lo, 1 at hi.
    double fraction(double v) const { return ((log ? std::log10(v) : v) - lo) / (hi - lo); }
};

// A 1, 2 or 5 x 10^k step that cuts span into about `parts` parts.
double nice_step(double span, int parts) {
    double raw = span / parts;
    double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double r = raw / magnitude;
    return magnitude * (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10);
}

// A linear axis over [lo, hi] (NaN when there is no data) rounded out to nice ticks, 5 to 8 of
// them; a range of one value is widened around it.
Axis linear_axis(double lo, double hi, bool integer) {
    if (!(lo <= hi)) lo = 0, hi = 1;
    if (hi - lo <= 1e-9 * std::abs(hi)) {
        double pad = std::max(lo == 0 ? 1.0 : std::abs(lo) / 2, integer ? 1.0 : 0.0);
        if (lo != 0) lo -= pad;
        hi += pad;
    }
    double step = nice_step(hi - lo, 6);
    if (integer) step = std::max(step, 1.0);
    Axis a;
    a.lo = std::floor(lo / step) * step;
    a.hi = std::ceil(hi / step) * step;
    int n = static_cast<int>(std::lround((a.hi - a.lo) / step));
    for (int i = 0; i <= n; ++i) {
        double t = a.lo + i * step;
        a.ticks.push_back(std::abs(t) < step * 1e-9 ? 0 : t);  // no -0 or 1e-17 at zero
    }
    return a;
}

// A log axis over [lo, hi] (positive; NaN when there is no data) from one power of ten to
// another, with a tick at every power (every second, third ... when there are many).
Axis log_axis(double lo, double hi) {
    if (!(lo > 0 && lo <= hi)) lo = 1, hi = 10;
    Axis a;
    a.log = true;
    a.lo = std::floor(std::log10(lo) + 1e-9);
    a.hi = std::max(std::ceil(std::log10(hi) - 1e-9), a.lo + 1);
    double every = std::ceil((a.hi - a.lo) / 8);
    a.hi = a.lo + every * std::ceil((a.hi - a.lo) / every);
    for (double e = a.lo; e <= a.hi + 1e-9; e += every) a.ticks.push_back(std::pow(10.0, e));
    return a;
}

// The smallest and largest usable values of a list (NaN, NaN when there are none).
struct Extent {
    double lo = NAN, hi = NAN;
    void add(double v, bool log) {
        if (!usable(v, log)) return;
        lo = std::isnan(lo) ? v : std::min(lo, v);
        hi = std::isnan(hi) ? v : std::max(hi, v);
    }
    bool empty() const { return std::isnan(lo); }
};

// The plot area in pixels and the mapping of axis values onto it.
struct Frame {
    double left, top, right, bottom;
    double x(const Axis& a, double v) const { return left + a.fraction(v) * (right - left); }
    double y(const Axis& a, double v) const { return bottom - a.fraction(v) * (bottom - top); }
};

// Widest tick label of an axis, in characters.
int widest_tick(const Axis& a) {
    int widest = 1;
    for (double t : a.ticks) widest = std::max(widest, length(compact_number(t)));
    return widest;
}

void line(std::ostream& out, double x1, double y1, double x2, double y2, const char* colour,
          const char* extra = "") {
    out << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2 << "\" y2=\"" << y2
        << "\" stroke=\"" << colour << '"' << extra << "/>\n";
}

void dot(std::ostream& out, double x, double y, const char* colour) {
    out << "<circle cx=\"" << x << "\" cy=\"" << y << "\" r=\"3\" fill=\"" << colour << "\"/>\n";
}

// A text element at (x, y); attributes is raw SVG (anchor, size, rotation).
void text(std::ostream& out, double x, double y, const std::string& s,
          const std::string& attributes = "") {
    out << "<text x=\"" << x << "\" y=\"" << y << '"' << attributes << '>' << escape(s)
        << "</text>\n";
}

// The document's start: size, white background and the title.
void begin(std::ostream& out, int width, int height, const std::string& title) {
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width
        << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << ' ' << height
        << "\" font-family=\"sans-serif\" font-size=\"12\" fill=\"" << kInk << "\">\n"
        << "<title>" << escape(title) << "</title>\n"
        << "<rect width=\"" << width << "\" height=\"" << height << "\" fill=\"white\"/>\n";
    text(out, width / 2.0, 24, title,
         " text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\"");
}

// A stream for SVG text: coordinates with one decimal.
std::ostringstream svg_stream() {
    std::ostringstream out;
    out << std::fixed << std::setprecision(1);
    return out;
}

// Attributes that turn a text by angle degrees around its anchor (x, y).
std::string turned(double angle, double x, double y, const char* anchor) {
    std::ostringstream out = svg_stream();
    out << " text-anchor=\"" << anchor << "\" transform=\"rotate(" << angle << ' ' << x << ' ' << y
        << ")\"";
    return out.str();
}

// A grey "no data" in the middle of the plot area.
void no_data(std::ostream& out, const Frame& f) {
    text(out, (f.left + f.right) / 2, (f.top + f.bottom) / 2, "no data",
         " text-anchor=\"middle\" fill=\"#999999\"");
}

// Grid lines, tick marks and tick labels of the value axis, and its label (rotated).
void draw_y_axis(std::ostream& out, const Frame& f, const Axis& a, const std::string& label) {
    for (double t : a.ticks) {
        double y = f.y(a, t);
        line(out, f.left, y, f.right, y, kGrid);
        line(out, f.left - 5, y, f.left, y, kInk);
        text(out, f.left - 8, y + 4, compact_number(t), " text-anchor=\"end\"");
    }
    double middle = (f.top + f.bottom) / 2;
    text(out, 18, middle, label, turned(-90, 18, middle, "middle"));
}

}  // namespace

std::string compact_number(double v) {
    if (std::isnan(v)) return "n/a";
    if (std::isinf(v)) return v > 0 ? "∞" : "-∞";
    if (std::abs(v) < 1e-300) return "0";
    // Round to 3 significant digits first, so that 999.7 becomes "1k", not "1000".
    int digits = static_cast<int>(std::floor(std::log10(std::abs(v))));
    double place = std::pow(10.0, digits - 2);  // inexact below 1, but printing rounds again
    double r = std::round(v / place) * place;
    char buffer[64];
    if (std::abs(r) >= 1e15 || std::abs(r) < 1e-4) {
        std::snprintf(buffer, sizeof buffer, "%.3g", r);
        return buffer;
    }
    double a = std::abs(r);
    int unit = a >= 1e12 ? 4 : a >= 1e9 ? 3 : a >= 1e6 ? 2 : a >= 1e3 ? 1 : 0;
    const char* suffix = std::array{"", "k", "M", "G", "T"}[unit];
    double s = r / std::pow(1000.0, unit);
    int decimals = std::max(0, 2 - static_cast<int>(std::floor(std::log10(std::abs(s)) + 1e-9)));
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, s);
    std::string out = buffer;
    if (out.find('.') != std::string::npos) {
        out.erase(out.find_last_not_of('0') + 1);
        if (out.back() == '.') out.pop_back();
    }
    return (out == "-0" ? "0" : out) + suffix;
}

std::string render_svg(const LinePlot& plot) {
    int width = std::clamp(plot.width, 240, 10000), height = std::clamp(plot.height, 180, 10000);
    auto drawable = [&](const Series& s, size_t i) {
        return usable(s.x[i], false) && usable(s.y[i], plot.log_y);
    };
    // 1. Ranges of the drawable points: x as the data goes, y from 0 when nothing is negative
    // (linear).
    Extent xs, ys;
    for (const auto& s : plot.series) {
        for (size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
            if (drawable(s, i)) xs.add(s.x[i], false), ys.add(s.y[i], plot.log_y);
        }
    }
    Axis x_axis = linear_axis(xs.lo, xs.hi, plot.integer_x);
    Axis y_axis = plot.log_y ? log_axis(ys.lo, ys.hi)
                             : linear_axis(plot.fit_y || ys.empty() ? (ys.empty() ? 0 : ys.lo)
                                                                    : std::min(ys.lo, 0.0),
                                           ys.hi, false);
    // 2. Layout: room for the y tick labels on the left and the legend on the right.
    bool legend = plot.series.size() > 1;
    int name_chars = 0;
    for (const auto& s : plot.series) name_chars = std::max(name_chars, length(s.name));
    name_chars = std::min(name_chars, kMaxLabelChars);
    double legend_width = legend ? 50 + name_chars * kCharWidth : 0;
    Frame f{36 + widest_tick(y_axis) * kCharWidth, 44, width - 20 - legend_width, height - 52.0};
    std::ostringstream out = svg_stream();
    begin(out, width, height, plot.title);
    // 3. Axes: grid, ticks and labels, then the axis lines over the grid.
    draw_y_axis(out, f, y_axis, plot.y_label);
    for (double t : x_axis.ticks) {
        double x = f.x(x_axis, t);
        line(out, x, f.top, x, f.bottom, kGrid);
        line(out, x, f.bottom, x, f.bottom + 5, kInk);
        text(out, x, f.bottom + 19, compact_number(t), " text-anchor=\"middle\"");
    }
    text(out, (f.left + f.right) / 2, height - 12, plot.x_label, " text-anchor=\"middle\"");
    line(out, f.left, f.top, f.left, f.bottom, kInk);
    line(out, f.left, f.bottom, f.right, f.bottom, kInk);
    if (xs.empty()) no_data(out, f);
    // 4. Series: a path that starts afresh after a point it cannot draw, then the dots.
    for (size_t k = 0; k < plot.series.size(); ++k) {
        const Series& s = plot.series[k];
        const char* colour = kPalette[k % std::size(kPalette)];
        std::ostringstream path = svg_stream(), dots = svg_stream();
        bool joined = false;  // the previous point was drawn, so the line goes on from it
        for (size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
            if (!drawable(s, i)) {
                joined = false;
                continue;
            }
            double x = f.x(x_axis, s.x[i]), y = f.y(y_axis, s.y[i]);
            path << (joined ? 'L' : 'M') << x << ',' << y;
            joined = true;
            if (plot.dots) dot(dots, x, y, colour);
        }
        if (!path.str().empty()) {
            out << "<path d=\"" << path.str() << "\" fill=\"none\" stroke=\"" << colour
                << "\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n";
        }
        out << dots.str();
    }
    // 5. Legend, right of the plot: a line with a dot, then the name.
    for (size_t k = 0; legend && k < plot.series.size(); ++k) {
        const char* colour = kPalette[k % std::size(kPalette)];
        double x = f.right + 16, y = f.top + 8 + 20.0 * k;
        line(out, x, y, x + 24, y, colour, " stroke-width=\"2\"");
        dot(out, x + 12, y, colour);
        text(out, x + 32, y + 4, shorten(plot.series[k].name, kMaxLabelChars));
    }
    out << "</svg>\n";
    return out.str();
}

std::string render_svg(const BarChart& chart) {
    int width = std::clamp(chart.width, 240, 10000), height = std::clamp(chart.height, 180, 10000);
    bool log = chart.log_y;
    // 1. Range: every bar with its whisker, the reference, 0 (linear), and room for the values
    // written above (or below) the bars.
    Extent ys;
    if (!log) ys.add(0, false);
    for (const Bar& b : chart.bars) {
        double e = usable(b.error, false) ? std::abs(b.error) : 0;
        ys.add(b.value, log);
        if (usable(b.value, log)) ys.add(b.value + e, log), ys.add(b.value - e, log);
    }
    if (!chart.reference_label.empty()) ys.add(chart.reference, log);
    Axis axis;
    if (log) {
        axis = log_axis(ys.lo, ys.empty() ? ys.hi : ys.hi * 1.5);  // 1.5: a sixth of a decade
    } else {
        double room = 0.08 * (ys.hi - ys.lo);
        axis = linear_axis(ys.lo < 0 ? ys.lo - room : ys.lo, ys.hi > 0 ? ys.hi + room : 0, false);
    }
    // 2. Layout: labels are slanted when they are wider than their slots, and then need room
    // below the axis and, for the first one, left of it. The reference's label goes right of
    // the plot, where no bar can hide it.
    size_t n = std::max<size_t>(chart.bars.size(), 1);
    int label_chars = 0;
    for (const Bar& b : chart.bars) label_chars = std::max(label_chars, length(b.label));
    label_chars = std::min(label_chars, kMaxLabelChars);
    std::string reference = shorten(chart.reference_label, kMaxLabelChars);
    bool show_reference = !reference.empty() && usable(chart.reference, log);
    double right = width - (show_reference ? 14 + length(reference) * kCharWidth : 20);
    double left = 36 + widest_tick(axis) * kCharWidth;
    double slot = (right - left) / n;
    bool slant = label_chars * kCharWidth > slot * 0.9;
    if (slant) left = std::max(left, label_chars * kCharWidth * 0.87 - slot / 2 + 8);
    double bottom = height - (slant ? 24 + label_chars * kCharWidth * 0.5 : 36);
    Frame f{left, 44, std::max(right, left + 60), std::max(bottom, height / 2.0)};
    slot = (f.right - f.left) / n;
    double bar_width = std::min(slot * 0.6, 90.0);
    std::ostringstream out = svg_stream();
    begin(out, width, height, chart.title);
    draw_y_axis(out, f, axis, chart.y_label);
    // 3. Bars, whiskers and values; a bar that cannot be drawn (NaN, <= 0 on a log axis) is left
    // out, but its label stays.
    double base = log ? f.bottom : f.y(axis, 0);
    for (size_t i = 0; i < chart.bars.size(); ++i) {
        const Bar& b = chart.bars[i];
        double middle = f.left + slot * (i + 0.5);
        std::string label = shorten(b.label, kMaxLabelChars);
        if (slant) {
            text(out, middle, f.bottom + 14, label, turned(-30, middle, f.bottom + 14, "end"));
        } else {
            text(out, middle, f.bottom + 18, label, " text-anchor=\"middle\"");
        }
        if (!usable(b.value, log)) continue;
        double top = f.y(axis, b.value);
        const char* colour = b.value < 0 ? kPalette[1] : kPalette[0];
        out << "<rect x=\"" << middle - bar_width / 2 << "\" y=\"" << std::min(top, base)
            << "\" width=\"" << bar_width << "\" height=\"" << std::abs(base - top) << "\" fill=\""
            << colour << "\"/>\n";
        double high = top, low = top;  // the whisker's ends in pixels
        if (usable(b.error, false) && b.error != 0) {
            double e = std::abs(b.error);
            high = f.y(axis, b.value + e);
            low = usable(b.value - e, log) ? f.y(axis, b.value - e) : f.bottom;
            out << "<path d=\"M" << middle << ',' << high << 'V' << low << 'M' << middle - 6 << ','
                << high << "h12M" << middle - 6 << ',' << low << "h12\" fill=\"none\" stroke=\""
                << kInk << "\" stroke-width=\"1.5\"/>\n";
        }
        double label_y = b.value < 0 ? std::max(low, base) + 14 : std::min(high, top) - 5;
        text(out, middle, label_y, compact_number(b.value),
             " text-anchor=\"middle\" font-size=\"11\"");
    }
    // 4. The axis line at 0 (or the bottom, on a log axis) over the bars, and the reference.
    line(out, f.left, f.top, f.left, f.bottom, kInk);
    line(out, f.left, base, f.right, base, kInk);
    if (show_reference) {
        double y = f.y(axis, chart.reference);
        line(out, f.left, y, f.right, y, "#555555",
             " stroke-dasharray=\"6 4\" stroke-width=\"1.5\"");
        text(out, f.right + 6, y + 4, reference, " font-size=\"11\" fill=\"#555555\"");
    }
    if (chart.bars.empty()) no_data(out, f);
    out << "</svg>\n";
    return out.str();
}

}  // namespace kibitz::core
