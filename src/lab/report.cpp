// Report files and their header.
#include "lab/report.h"

#include <sys/utsname.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <memory>
#include <sstream>
#include <thread>

#include "core/sanitizer.h"
#include "engine/chess_engine.h"
#include "lab/experiments.h"

namespace kibitz::lab {

namespace {

// The first line a command prints, or "" when it cannot run.
std::string first_line_of(const std::string& command) {
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    if (!pipe) return "";
    char buffer[256];
    std::string line;
    if (std::fgets(buffer, sizeof buffer, pipe.get())) line = buffer;
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    return line;
}

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) return line.substr(colon + 2);
        }
    return "unknown CPU";
}

std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    std::ostringstream out;
    out << std::put_time(&tm, "%Y-%m-%d %H:%M UTC");
    return out.str();
}

}  // namespace

std::string machine_description() {
    utsname u{};
    uname(&u);
    std::ostringstream out;
    out << cpu_model() << ", " << std::thread::hardware_concurrency() << " logical cores, "
        << u.sysname << ' ' << u.release;
    return out.str();
}

std::string build_description() {
    std::ostringstream out;
    out << "Kibitz " << KIBITZ_VERSION;
    const std::string commit = first_line_of("git -C '" + std::string(KIBITZ_SOURCE_DIR) +
                                             "' describe --always --dirty 2>/dev/null");
    if (!commit.empty()) out << ", commit `" << commit << '`';
#if defined(__clang__)
    out << ", clang " << __clang_major__ << '.' << __clang_minor__;
#elif defined(__GNUC__)
    out << ", GCC " << __GNUC__ << '.' << __GNUC_MINOR__;
#endif
#if defined(NDEBUG)
    out << ", optimised";
#else
    out << ", with assertions";
#endif
#if defined(__BMI2__)
    out << ", BMI2 (native)";
#endif
    if (core::kSanitized) out << ", AddressSanitizer";
    std::ostringstream sink;
    const auto bench = engine::run_bench(engine::kBenchDepth, sink);
    out << ", `Bench: " << bench.nodes << '`';
    return out.str();
}

Report::Report(const Context& ctx, const std::string& title) : ctx_(ctx), title_(title) {
    static const std::string machine = machine_description();
    static const std::string build = build_description();
    md_ << "# " << title << "\n\n"
        << "- Machine: " << machine << "\n"
        << "- Build: " << build << "\n"
        << "- Command: `" << ctx.options.command << "`\n"
        << "- Positions: " << ctx.position_count() << " from " << ctx.positions_name << "\n"
        << "- Date: " << today() << "\n\n";
}

void Report::text(const std::string& markdown) { md_ << markdown << "\n\n"; }

void Report::agreement(const std::string& claim, bool agreed) {
    text(claim + ": **" + (agreed ? "yes" : "NO") + "**.");
}

LinePlot depth_plot(const std::string& title, const std::string& y_label) {
    LinePlot plot;
    plot.title = title;
    plot.x_label = "depth (plies)";
    plot.y_label = y_label;
    plot.log_y = plot.integer_x = true;
    return plot;
}

void Report::heading(const std::string& title) { md_ << "## " << title << "\n\n"; }

void Report::table(const std::vector<std::string>& header,
                   const std::vector<std::vector<std::string>>& rows) {
    md_ << '|';
    for (const auto& h : header) md_ << ' ' << h << " |";
    md_ << "\n|";
    for (std::size_t i = 0; i < header.size(); ++i) md_ << (i == 0 ? "---|" : "---:|");
    md_ << '\n';
    for (const auto& row : rows) {
        md_ << '|';
        for (const auto& cell : row) md_ << ' ' << cell << " |";
        md_ << '\n';
    }
    md_ << '\n';
}

void Report::plot(const std::string& name, const std::string& svg, const std::string& caption) {
    svgs_.emplace_back(name + ".svg", svg);
    md_ << "![" << caption << "](" << name << ".svg)\n\n";
}

void Report::headline(const std::string& claim, const std::string& paper, const std::string& ours) {
    headlines_.push_back("| " + claim + " | " + paper + " | " + ours + " |");
}

void Report::why(const std::string& markdown) { why_ += markdown + "\n\n"; }

// headline.md: the title, the summary's table rows, a blank line, the explanation.
Status Report::save() {
    for (const auto& [file, svg] : svgs_)
        if (auto s = write_file(ctx_.dir + "/" + file, svg); !s) return s;
    std::string headline = title_ + "\n";
    for (const auto& row : headlines_) headline += row + "\n";
    headline += "\n" + why_;
    if (auto s = write_file(ctx_.dir + "/headline.md", headline); !s) return s;
    return write_file(ctx_.dir + "/README.md", md_.str());
}

Status write_summary(const std::string& out) {
    std::ostringstream table, why, plots;
    int count = 0;
    for (const auto& e : experiments()) {
        std::ifstream in(out + "/" + e.name + "/headline.md");
        if (!in) continue;
        ++count;
        std::string title, line;
        std::getline(in, title);
        const std::string link = "[" + title + "](" + e.name + "/README.md)";
        bool first = true;
        while (std::getline(in, line) && !line.empty()) {
            table << "| " << (first ? link : "") << ' ' << line << '\n';
            first = false;
        }
        why << "### " << link << "\n\n";
        while (std::getline(in, line)) why << line << '\n';
        std::vector<std::string> svgs;
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(out + "/" + e.name, ec))
            if (entry.path().extension() == ".svg")
                svgs.push_back(entry.path().filename().string());
        std::sort(svgs.begin(), svgs.end());
        plots << "- " << title << ":";
        for (const auto& svg : svgs) plots << " [" << svg << "](" << e.name << '/' << svg << ')';
        plots << '\n';
    }
    std::ostringstream md;
    md << "# The lab: the seed papers' experiments, rerun on Kibitz\n\n"
       << "Kibitz comes from five papers (see `../../README.md`); three of them measure what "
          "they describe. `kibitz lab` reruns those measurements on Kibitz with one command "
          "and writes a report per experiment, each with the machine, build and command at "
          "its top, its tables and its plots (SVG). This page puts each claim of the papers "
          "beside our figure and says where and why they differ. It is written by\n\n"
       << "    kibitz lab all --out docs/lab\n\n"
       << "from the reports in this folder (" << count << " of " << experiments().size()
       << " experiments); `kibitz lab run NAME --out docs/lab` reruns one and rewrites this "
          "page. Unless a report says otherwise, every chess experiment searches the same 40 "
          "positions (`data/lab/positions.epd`: moves 5 to 28 of the 1972 world championship "
          "games) with every variant it compares. Experiments 10–13 are experiments 2–5 on "
          "Othello (the 2004 article's game): they search Othello positions from Kibitz's "
          "self-play games after random openings, made in code from a fixed seed (each report "
          "says how), or an OBF file given with `--othello-positions`.\n\n"
       << "| experiment | claim | the paper | Kibitz |\n|---|---|---|---|\n"
       << table.str() << "\n## Where and why the figures differ\n\n"
       << why.str() << "## Plots\n\n"
       << "Each opens in a browser; the reports show them beside their tables.\n\n"
       << plots.str()
       << "\n## Not yet here\n\n"
          "The history chapter's figures (Deep Blue's 200 million positions a second, one "
          "rating class per ply) are history, not experiments.\n";
    return write_file(out + "/README.md", md.str());
}

std::string with_commas(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string fixed(double x, int decimals) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(decimals) << x;
    return out.str();
}

std::string percent(double fraction, int decimals) {
    return fixed(100.0 * fraction, decimals) + "%";
}

}  // namespace kibitz::lab
