// An experiment's report: README.md in its folder, with the machine, build and command at the
// top, then text, tables and links to SVG plots written beside it.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "core/svg.h"
#include "lab/lab.h"

namespace kibitz::lab {

class Report {
public:
    Report(const Context& ctx, const std::string& title);

    void text(const std::string& markdown);  // a paragraph (or any Markdown block)
    void heading(const std::string& title);  // a "##" heading
    // "<claim>: **yes**." (or **NO**): whether the variants agreed, which ctest looks for.
    void agreement(const std::string& claim, bool agreed);
    void table(const std::vector<std::string>& header,
               const std::vector<std::vector<std::string>>& rows);
    // Writes <name>.svg beside the report and shows it in the report.
    void plot(const std::string& name, const std::string& svg, const std::string& caption);
    // A line of the lab's summary (docs/lab/README.md): a claim of the papers, their figure
    // and ours; and why they differ (Markdown).
    void headline(const std::string& claim, const std::string& paper, const std::string& ours);
    void why(const std::string& markdown);
    // Writes README.md and headline.md (the summary's part); the error names the file.
    Status save();

private:
    const Context& ctx_;
    std::string title_;
    std::ostringstream md_;
    std::vector<std::pair<std::string, std::string>> svgs_;  // file name, content
    std::vector<std::string> headlines_;
    std::string why_;
};

// Writes out/README.md, the summary of every experiment whose report exists in out (from their
// headline.md files). The error names the file.
Status write_summary(const std::string& out);

// An empty plot of a count against search depth: log y axis, whole depths on x.
LinePlot depth_plot(const std::string& title, const std::string& y_label);

// The header lines: machine, build (version, commit, compiler, flags, bench signature), date.
std::string machine_description();
std::string build_description();

// Number formatting for the tables: 1234567 -> "1,234,567"; fixed decimals; percentages.
std::string with_commas(std::uint64_t n);
std::string fixed(double x, int decimals);
std::string percent(double fraction, int decimals = 1);

}  // namespace kibitz::lab
