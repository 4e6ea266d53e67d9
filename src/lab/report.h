// An experiment's report: README.md in its folder, with the machine, build and command at the
// top, then text, tables and links to SVG plots written beside it.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "lab/lab.h"
#include "lab/svg.h"

namespace kibitz::lab {

class Report {
public:
    Report(const Context& ctx, const std::string& title);

    void text(const std::string& markdown);  // a paragraph (or any Markdown block)
    void heading(const std::string& title);  // a "##" heading
    void table(const std::vector<std::string>& header,
               const std::vector<std::vector<std::string>>& rows);
    // Writes <name>.svg beside the report and shows it in the report.
    void plot(const std::string& name, const std::string& svg, const std::string& caption);
    // Writes README.md; the error names the file.
    Status save();

private:
    const Context& ctx_;
    std::ostringstream md_;
    std::vector<std::pair<std::string, std::string>> svgs_;  // file name, content
};

// The header lines: machine, build (version, commit, compiler, flags, bench signature), date.
std::string machine_description();
std::string build_description();

// Number formatting for the tables: 1234567 -> "1,234,567"; fixed decimals; percentages.
std::string with_commas(std::uint64_t n);
std::string fixed(double x, int decimals);
std::string percent(double fraction, int decimals = 1);

}  // namespace kibitz::lab
