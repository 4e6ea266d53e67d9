// kibitz tb: endgame tables by retrograde analysis — generate, probe, verify, list.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/interrupt.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/san.h"
#include "tb/file.h"
#include "tb/gaviota.h"
#include "tb/generate.h"
#include "tb/index.h"
#include "tb/material.h"
#include "tb/syzygy.h"
#include "tb/syzygy_check.h"
#include "tb/tables.h"
#include "tb/verify.h"

using namespace kibitz;

namespace {

struct TbArgs {
    std::vector<std::string> names;
    int men = 0;
    std::string dir;
    int threads = 0;
    std::string fen;
    std::string gaviota;  // Gaviota tables to ask too (probe)
    std::string syzygy;   // Syzygy tables to ask (probe) or to check (verify)
    bool json = false;
    std::uint64_t stride = 1;
    bool line = false;
    bool all = false;
};

[[noreturn]] void fail(const std::string& command, const std::string& message, int code) {
    std::cerr << "kibitz tb " << command << ": " << message << '\n';
    throw CLI::RuntimeError(code);
}

std::string dir_of(const TbArgs& a) { return a.dir.empty() ? tb::default_dir() : a.dir; }

std::vector<tb::Material> parse_names(const std::string& command,
                                      const std::vector<std::string>& names) {
    std::vector<tb::Material> out;
    for (const auto& n : names) {
        auto m = tb::Material::parse(n);
        if (!m) fail(command, m.error(), 2);
        if (m->men() < 3) fail(command, "table name '" + n + "': bare kings need no table", 2);
        out.push_back(m->canonical());
    }
    return out;
}

void run_generate(const TbArgs& a) {
    std::vector<tb::Material> tables = parse_names("generate", a.names);
    for (int men = 3; men <= a.men; ++men)
        for (const auto& m : tb::all_with_men(men)) tables.push_back(m);
    tb::GenerateOptions o;
    o.dir = dir_of(a);
    o.threads = a.threads;
    o.log = &std::cerr;
    // Ctrl-C: the table under way is dropped (no file), the finished ones stay.
    const StopOnInterrupt interrupt;
    o.stop = &interrupt.flag();
    const auto start = std::chrono::steady_clock::now();
    const auto reports = tb::generate(tables, o);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!reports) {
        if (interrupt.stopped()) {
            std::cerr << "kibitz tb generate: interrupted; the same command continues\n";
            throw CLI::RuntimeError(130);
        }
        fail("generate", reports.error(), 2);
    }
    int made = 0;
    std::uint64_t bytes = 0;
    for (const auto& r : *reports) made += !r.skipped, bytes += r.info.file_bytes;
    std::printf("%d tables in %s (%d generated, %d present), %.1f MB, %.1f s\n",
                int(reports->size()), o.dir.c_str(), made, int(reports->size()) - made,
                double(bytes) / (1024.0 * 1024.0), seconds);
}

void open_syzygy(const std::string& command, const std::string& paths, tb::syzygy::Tablebase& syz) {
    if (const auto st = syz.open(paths); !st) fail(command, st.error(), 2);
    if (syz.tables() == 0) fail(command, "no Syzygy tables (*.rtbw) in '" + paths + "'", 2);
}

// Syzygy's WDL, DTZ and best move (the fastest zeroing win inside the fifty-move rule from
// the position's halfmove clock, the longest loss), as text or as one JSON object.
void probe_syzygy(const TbArgs& a, chess::Position& pos) {
    tb::syzygy::Tablebase syz;
    open_syzygy("probe", a.syzygy, syz);
    const auto wdl = syz.probe_wdl(pos);
    const auto dtz = wdl ? syz.probe_dtz(pos) : std::nullopt;
    if (!wdl || !dtz) fail("probe", "position not covered: " + syz.last_error(), 1);
    const auto moves = syz.rank_root_moves(pos);
    const std::string best = moves.empty() ? "" : chess::move_to_uci(pos, moves[0].move);
    if (a.json) {
        std::printf("{\"wdl\": %d, \"dtz\": %d, \"best\": %s}\n", *wdl, *dtz,
                    best.empty() ? "null" : ("\"" + best + "\"").c_str());
        return;
    }
    std::printf("syzygy: %s (WDL %d), DTZ %d\n", tb::syzygy::wdl_name(*wdl), *wdl, *dtz);
    if (moves.empty()) {
        std::printf("no legal move\n");
        return;
    }
    std::printf("best move: %s (%s)\n", chess::move_to_san(pos, moves[0].move).c_str(),
                best.c_str());
}

void run_probe(const TbArgs& a) {
    auto pos = chess::Position::from_fen(a.fen);
    if (!pos) fail("probe", pos.error(), 2);
    // Syzygy's tables: their values, then Kibitz's own tables only when --dir is given too.
    if (!a.syzygy.empty()) {
        probe_syzygy(a, *pos);
        if (a.dir.empty() || a.json) return;
    }
    // Gaviota's tables: their value, then Kibitz's own tables only when --dir is given too.
    if (!a.gaviota.empty()) {
        if (const auto st = tb::gaviota::open(a.gaviota); !st) fail("probe", st.error(), 2);
        const auto g = tb::gaviota::probe(*pos);
        std::printf("gaviota: %s\n", g ? tb::describe(*g).c_str() : "not covered");
        if (a.dir.empty()) return;
    }
    const tb::Tables tables(dir_of(a));
    const auto v = tables.probe(*pos);
    if (!v) fail("probe", "position not covered: " + tables.last_error(), 1);
    std::printf("%s\n", tb::describe(*v).c_str());
    const auto best = tb::best_move(tables, *pos);
    if (!best) {
        if (chess::legal_moves(*pos).empty()) {
            std::printf("no legal move\n");
            return;
        }
        fail("probe", "no best move: a successor is not covered: " + tables.last_error(), 1);
    }
    std::printf("best move: %s (%s)\n", chess::move_to_san(*pos, best->move).c_str(),
                chess::move_to_uci(*pos, best->move).c_str());
    if (!a.line || v->kind == tb::Value::kDraw) return;
    std::vector<chess::Move> line;
    chess::Position p = *pos;
    for (int ply = 0; ply < 600; ++ply) {
        const auto m = tb::best_move(tables, p);
        if (!m) break;
        line.push_back(m->move);
        p.make(m->move);
    }
    std::printf("line: %s\n", chess::line_to_san(*pos, line).c_str());
}

// Syzygy against the own tables in dir, table by table.
void verify_syzygy(const TbArgs& a, const std::string& dir,
                   const std::vector<tb::Material>& tables) {
    tb::syzygy::Tablebase syz;
    open_syzygy("verify", a.syzygy, syz);
    const StopOnInterrupt interrupt;
    std::uint64_t bad = 0;
    for (const auto& m : tables) {
        if (m.men() > syz.max_men()) continue;
        const auto start = std::chrono::steady_clock::now();
        const auto r =
            tb::check_syzygy(dir, syz, m, a.stride, a.threads, &interrupt.flag(),
                             [](const std::string& line) { std::cerr << line << std::endl; });
        if (!r) fail("verify", r.error(), interrupt.stopped() ? 130 : 2);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf(
            "%s: %llu positions, %llu cursed or blessed, WDL %llu mismatches, DTZ %llu "
            "mismatches (%llu one ply off: rounded), %.1f s\n",
            m.name().c_str(), (unsigned long long)r->checked, (unsigned long long)r->cursed,
            (unsigned long long)r->wdl_mismatches, (unsigned long long)r->dtz_mismatches,
            (unsigned long long)r->dtz_rounded, seconds);
        for (const auto& e : r->examples) std::printf("  mismatch: %s\n", e.c_str());
        std::fflush(stdout);
        bad += r->wdl_mismatches + r->dtz_mismatches;
    }
    if (bad) throw CLI::RuntimeError(1);
}

void run_verify(const TbArgs& a) {
    const std::string dir = dir_of(a);
    std::vector<tb::Material> tables = parse_names("verify", a.names);
    if (a.all) {
        for (const auto& n : tb::Tables(dir).available()) tables.push_back(*tb::Material::parse(n));
        if (tables.empty()) fail("verify", "no tables in " + dir, 2);
    }
    if (!a.syzygy.empty()) return verify_syzygy(a, dir, tables);
    const StopOnInterrupt interrupt;
    std::uint64_t bad = 0;
    for (const auto& m : tables) {
        const auto start = std::chrono::steady_clock::now();
        const auto r = tb::verify(dir, m, a.threads, &interrupt.flag(),
                                  [](const std::string& line) { std::cerr << line << std::endl; });
        if (!r) fail("verify", r.error(), interrupt.stopped() ? 130 : 2);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%s: %llu positions checked, %llu mismatches, %.1f s\n", m.name().c_str(),
                    (unsigned long long)r->checked, (unsigned long long)r->mismatches, seconds);
        for (const auto& e : r->examples) std::printf("  mismatch: %s\n", e.c_str());
        std::fflush(stdout);
        bad += r->mismatches;
    }
    if (bad) throw CLI::RuntimeError(1);
}

void run_list(const TbArgs& a) {
    const std::string dir = dir_of(a);
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) fail("list", dir + ": no such directory", 2);
    const tb::Tables tables(dir);
    const auto names = tables.available();
    if (names.empty()) {
        std::printf("no tables in %s\n", dir.c_str());
        return;
    }
    std::printf("%-8s %12s %14s  %s\n", "table", "file", "positions", "longest mate");
    std::uint64_t total = 0;
    int broken = 0;
    for (const auto& name : names) {
        const tb::Material m = *tb::Material::parse(name);
        const tb::Indexer ix(m);
        const auto info = tb::read_table(tb::table_path(dir, m), m, ix.size(), nullptr);
        if (!info) {
            std::printf("%-8s %s\n", name.c_str(), info.error().c_str());
            ++broken;
            continue;
        }
        total += info->file_bytes;
        std::uint64_t legal = 0;
        for (const auto& s : info->stats) legal += s.wins + s.draws + s.losses;
        const int side = info->stats[1].longest > info->stats[0].longest ? 1 : 0;
        const auto& st = info->stats[side];
        std::string longest = "none";
        if (st.longest > 0)
            longest = std::to_string((st.longest + 1) / 2) + " moves, " +
                      tb::fen_of(ix, st.longest_index, chess::Color(side));
        std::printf("%-8s %9.1f KB %14llu  %s\n", name.c_str(), info->file_bytes / 1024.0,
                    (unsigned long long)legal, longest.c_str());
    }
    std::printf("%d tables, %.1f MB in %s\n", int(names.size()), total / (1024.0 * 1024.0),
                dir.c_str());
    if (broken) throw CLI::RuntimeError(1);
}

}  // namespace

void register_tb(CLI::App& app) {
    auto args = std::make_shared<TbArgs>();
    auto* tb = app.add_subcommand("tb",
                                  "Endgame tables by retrograde analysis: generate, probe, "
                                  "verify, list");
    tb->require_subcommand(1);
    tb->footer(
        "Tables are files <NAME>.ktb in --dir (default: tb next to the kibitz binary); "
        "see docs/tablebases.md.");
    const std::string dir_help = "Table directory (default: tb next to the kibitz binary)";

    auto* gen = tb->add_subcommand("generate", "Generate tables and every smaller table they need");
    gen->add_option("names", args->names, "Tables such as KQK KRPKR (any side order)");
    gen->add_option("--men", args->men, "All tables with up to this many men")
        ->check(CLI::Range(3, tb::kMaxMen));
    gen->add_option("--dir", args->dir, dir_help);
    gen->add_option("--threads", args->threads, "Threads (default: all cores)")
        ->check(CLI::Range(1, 256));
    gen->footer(
        "Tables already present and valid are kept: an interrupted run (Ctrl-C) "
        "continues where it stopped.");
    gen->callback([args] {
        if (args->names.empty() && args->men == 0)
            throw CLI::ValidationError("tb generate", "give table names or --men N");
        run_generate(*args);
    });

    auto* probe = tb->add_subcommand("probe", "Value and best move of a position");
    probe->add_option("fen", args->fen, "Position (FEN)")->required();
    probe->add_option("--dir", args->dir, dir_help);
    probe->add_flag("--line", args->line, "Also print the optimal line to mate (SAN)");
    probe->add_option("--gaviota", args->gaviota,
                      "Also ask Gaviota's tables in these folders (';'-separated), e.g. "
                      "/usr/share/gaviotatb/gtb4; without --dir, only them");
    probe->add_option("--syzygy", args->syzygy,
                      "Ask the Syzygy tables in these folders (':'-separated): WDL, DTZ and "
                      "the best move; without --dir, only them");
    probe->add_flag("--json", args->json,
                    "With --syzygy: one JSON object {\"wdl\": 2, \"dtz\": 13, \"best\": "
                    "\"d2d4\"}");
    probe->callback([args] { run_probe(*args); });

    auto* verify = tb->add_subcommand("verify", "Recompute every position from its successors");
    verify->add_option("names", args->names, "Tables to verify");
    verify->add_flag("--all", args->all, "Every table in the directory");
    verify->add_option("--dir", args->dir, dir_help);
    verify->add_option("--threads", args->threads, "Threads (default: all cores)")
        ->check(CLI::Range(1, 256));
    verify->add_option("--syzygy", args->syzygy,
                       "Check these Syzygy tables against the own tables (WDL) and against "
                       "their successors (DTZ), position by position");
    verify
        ->add_option("--stride", args->stride,
                     "With --syzygy: every Nth index of the own table (default 1: all)")
        ->check(CLI::Range(std::uint64_t(1), std::uint64_t(1) << 40));
    verify->callback([args] {
        if (args->names.empty() && !args->all)
            throw CLI::ValidationError("tb verify", "give table names or --all");
        run_verify(*args);
    });

    auto* list = tb->add_subcommand("list", "The tables present: file size, longest mate");
    list->add_option("--dir", args->dir, dir_help);
    list->callback([args] { run_list(*args); });
}
