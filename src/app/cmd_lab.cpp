// kibitz lab: list, run NAME, all, positions, uci VARIANT.
#include <CLI/CLI.hpp>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/interrupt.h"
#include "core/files.h"
#include "dist/dist.h"
#include "lab/lab.h"
#include "lab/variants.h"
#include "match/remote.h"

namespace {

using kibitz::lab::Options;

// The command line as the reports show it.
std::string describe(const std::string& what, const Options& o, bool resume) {
    std::string s = "kibitz lab " + what;
    if (!o.positions.empty()) s += " --positions " + o.positions;
    if (!o.othello_positions.empty()) s += " --othello-positions " + o.othello_positions;
    if (o.depth) s += " --depth " + std::to_string(o.depth);
    if (o.games) s += " --games " + std::to_string(o.games);
    if (o.movetime_ms) s += " --movetime " + std::to_string(o.movetime_ms);
    if (o.concurrency != 2) s += " --concurrency " + std::to_string(o.concurrency);
    if (o.quick) s += " --quick";
    if (resume) s += " --resume";
    return s + " --out " + o.out;
}

void add_common(CLI::App* cmd, Options& o) {
    cmd->add_option("--positions", o.positions,
                    "EPD/FEN file, or PGN (positions every 9 plies from ply 10 to 60); default "
                    "data/lab/positions.epd");
    cmd->add_option("--othello-positions", o.othello_positions,
                    "OBF file (e.g. data/othello/fforum-20-39.obf) for the Othello experiments; "
                    "default: positions of self-play games made in code");
    cmd->add_option("--depth", o.depth, "Deepest search (0 = each experiment's default)")
        ->check(CLI::Range(0, 30));
    cmd->add_option("--out", o.out, "Output folder: one subfolder per experiment")
        ->capture_default_str();
    cmd->add_option("--games", o.games, "Games per pairing in tournaments (even; 0 = default)")
        ->check(CLI::Range(0, 10000));
    cmd->add_option("--concurrency", o.concurrency, "Games at once in tournaments")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    cmd->add_option("--movetime", o.movetime_ms, "Milliseconds per position where timed")
        ->check(CLI::Range(0, 600000));
    cmd->add_flag("--quick", o.quick, "Small sizes: a smoke test in seconds, not a measurement");
}

int run_experiments(const std::vector<const kibitz::lab::Experiment*>& list, Options o,
                    const std::string& what, bool resume) {
    o.command = describe(what, o, resume);
    std::error_code ec;
    o.kibitz_path = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    if (ec) o.kibitz_path = "kibitz";
    // Under mpirun or srun, rank 0 runs the experiments and the other ranks play the games of
    // their tournaments, each --concurrency at once; the rest runs on rank 0 alone.
    const kibitz::dist::Session mpi;
    if (kibitz::dist::worker()) {
        kibitz::dist::serve(o.concurrency, kibitz::match::game_handler);
        return 0;
    }
    // Ctrl-C: the experiment under way ends without a report.
    const StopOnInterrupt interrupt;
    int status = 0;
    for (const auto* e : list) {
        if (resume && std::filesystem::exists(o.out + "/" + e->name + "/README.md")) {
            std::cerr << "== " << e->name << ": report exists, skipped (--resume)" << std::endl;
            continue;
        }
        const auto s = kibitz::lab::run_experiment(*e, o, std::cerr, interrupt.flag());
        if (!s) {
            std::cerr << "kibitz: error: " << e->name << ": " << s.error() << std::endl;
            status = 1;
        }
        if (interrupt.stopped()) break;
    }
    return status;
}

}  // namespace

void register_lab(CLI::App& app) {
    auto* lab = app.add_subcommand(
        "lab", "Rerun the seed papers' experiments: Markdown reports and SVG plots");
    lab->require_subcommand(1);
    auto options = std::make_shared<Options>();

    lab->add_subcommand("list", "List the experiments")->callback([] {
        int i = 0;
        for (const auto& e : kibitz::lab::experiments())
            std::cout << ++i << ". " << e.name << ": " << e.title << "\n   " << e.claim << "\n";
        std::cout << "Engine variants for `kibitz lab uci`:";
        for (const auto& v : kibitz::lab::engine_variants()) std::cout << ' ' << v.name;
        std::cout << std::endl;
    });

    auto name = std::make_shared<std::string>();
    auto* run = lab->add_subcommand("run", "Run one experiment");
    run->add_option("name", *name, "Experiment (see `kibitz lab list`)")->required();
    add_common(run, *options);
    run->callback([options, name] {
        const auto* e = kibitz::lab::find_experiment(*name);
        if (!e) throw std::runtime_error("no experiment '" + *name + "' (see `kibitz lab list`)");
        if (const int s = run_experiments({e}, *options, "run " + *name, false); s != 0)
            throw CLI::RuntimeError(s);
    });

    auto resume = std::make_shared<bool>(false);
    auto* all = lab->add_subcommand("all", "Run every experiment");
    add_common(all, *options);
    all->add_flag("--resume", *resume, "Skip experiments whose report already exists");
    all->callback([options, resume] {
        std::vector<const kibitz::lab::Experiment*> list;
        for (const auto& e : kibitz::lab::experiments()) list.push_back(&e);
        if (const int s = run_experiments(list, *options, "all", *resume); s != 0)
            throw CLI::RuntimeError(s);
    });

    auto variant = std::make_shared<std::string>();
    auto* uci = lab->add_subcommand("uci", "Run a variant of the engine's search as a UCI engine");
    uci->add_option("variant", *variant, "Variant (see `kibitz lab list`)")->required();
    uci->callback([variant] {
        if (!kibitz::lab::is_engine_variant(*variant))
            throw std::runtime_error("no engine variant '" + *variant +
                                     "' (see `kibitz lab list`)");
        if (const int s = kibitz::lab::run_uci_variant(*variant, std::cin, std::cout); s != 0)
            throw CLI::RuntimeError(s);
    });

    auto pgns = std::make_shared<std::vector<std::string>>();
    auto out = std::make_shared<std::string>("data/lab/positions.epd");
    auto max = std::make_shared<int>(40);
    auto* positions = lab->add_subcommand(
        "positions",
        "Take positions every 9 plies from ply 10 to 60 of PGN games (the default set)");
    positions->add_option("pgn", *pgns, "PGN files")->required()->check(CLI::ExistingFile);
    positions->add_option("--max", *max, "Most positions")->capture_default_str();
    positions->add_option("--out", *out, "EPD file to write")->capture_default_str();
    positions->callback([pgns, out, max] {
        for (const std::string& pgn : *pgns)
            if (kibitz::core::same_file(pgn, *out))
                throw std::runtime_error("--out '" + *out + "' is the input file '" + pgn +
                                         "': write the positions to another file");
        auto text = kibitz::lab::sample_positions(*pgns, 10, 60, 9, *max);
        if (!text) throw std::runtime_error(text.error());
        const std::string header =
            "# Positions for `kibitz lab`: every 9 plies from ply 10 to 60 of master games,\n"
            "# made by `kibitz lab positions` (see data/README.md).\n";
        if (const auto s = kibitz::core::write_file(*out, header + *text); !s)
            throw std::runtime_error(s.error());
    });
}
