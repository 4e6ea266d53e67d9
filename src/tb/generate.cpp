// The generation driver: closure, skipping valid files, subtables, progress and summaries.
#include "tb/generate.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "tb/registry.h"
#include "tb/retro.h"

namespace kibitz::tb {

namespace {

std::string with_commas(std::uint64_t n) {
    std::string s = std::to_string(n);
    for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(std::size_t(i), ",");
    return s;
}

std::string bytes_text(std::uint64_t b) {
    char buf[32];
    if (b < 10 * 1024)
        std::snprintf(buf, sizeof buf, "%llu B", (unsigned long long)b);
    else if (b < 10 * 1024 * 1024)
        std::snprintf(buf, sizeof buf, "%.1f KB", b / 1024.0);
    else
        std::snprintf(buf, sizeof buf, "%.1f MB", b / (1024.0 * 1024.0));
    return buf;
}

}  // namespace

std::string fen_of(const Indexer& ix, std::uint64_t idx, chess::Color stm) {
    chess::Square sq[kMaxMen];
    ix.decode(idx, sq);
    char board[64];
    std::fill(board, board + 64, 0);
    for (int i = 0; i < ix.men(); ++i) {
        const char c = "pnbrqk"[ix.type(i)];
        board[sq[i]] = ix.color(i) == chess::kWhite ? char(c - 'a' + 'A') : c;
    }
    std::string fen = chess::fen_placement(board);
    fen += stm == chess::kWhite ? " w - - 0 1" : " b - - 0 1";
    return fen;
}

std::string describe_table(const TableReport& r) {
    const TableInfo& t = r.info;
    std::string s = t.material.name() + ": ";
    const char* who[2] = {"white", "black"};
    for (int side = 0; side < 2; ++side) {
        const SideStats& st = t.stats[side];
        s += std::string(side ? "; " : "") + who[side] + " to move " +
             with_commas(st.wins + st.draws + st.losses) + " positions: " + with_commas(st.wins) +
             " wins, " + with_commas(st.draws) + " draws, " + with_commas(st.losses) + " losses";
    }
    // The longest mate, whichever side is to move.
    const int side = t.stats[1].longest > t.stats[0].longest ? 1 : 0;
    const SideStats& st = t.stats[side];
    if (st.longest > 0) {
        const Indexer ix(t.material);
        s += "; longest mate " + std::to_string((st.longest + 1) / 2) +
             " moves: " + fen_of(ix, st.longest_index, chess::Color(side));
    } else {
        s += "; no mate";
    }
    if (r.skipped) {
        s += "; present";
    } else {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f s", r.seconds);
        s += std::string("; ") + buf;
    }
    s += ", " + bytes_text(t.file_bytes);
    return s;
}

core::Result<std::vector<TableReport>> generate(const std::vector<Material>& tables,
                                                const GenerateOptions& options) {
    const int threads = options.threads > 0
                            ? options.threads
                            : int(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<TableReport> reports;
    std::error_code ec;
    std::filesystem::create_directories(options.dir, ec);
    if (ec) return core::error(options.dir + ": cannot create the directory: " + ec.message());

    for (const Material& m : closure(tables)) {
        if (options.stop && options.stop->load()) return core::error("interrupted");
        const Indexer ix(m);
        const std::string path = table_path(options.dir, m);
        TableReport report;
        // 1. A valid file is kept; a damaged one is made again.
        if (std::filesystem::exists(path, ec)) {
            Bytes values;
            auto info = read_table(path, m, ix.size(), &values);
            if (info) {
                report.info = *info;
                report.skipped = true;
                if (options.log) *options.log << describe_table(report) << std::endl;
                reports.push_back(report);
                continue;
            }
            if (options.log) *options.log << info.error() << "; generating it again" << std::endl;
        }
        // 2. Retrograde analysis with the subtables loaded.
        const auto start = std::chrono::steady_clock::now();
        Registry subtables(options.dir);
        for (const auto& s : m.successors()) subtables.add(s);
        RetroOptions ro;
        ro.threads = threads;
        ro.stop = options.stop;
        if (options.log)
            ro.progress = [&](const std::string& line) { *options.log << line << std::endl; };
        auto out = retrograde(m, subtables, ro);
        if (!out) return core::error(out.error());
        // 3. The file.
        auto written = write_table(options.dir, out->info, out->buffer.data(), threads);
        if (!written) return core::error(written.error());
        report.info = out->info;
        report.levels = out->levels;
        report.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (options.log) *options.log << describe_table(report) << std::endl;
        reports.push_back(report);
    }
    return reports;
}

}  // namespace kibitz::tb
