// The experiment list, positions and progress lines.
#include "lab/lab.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "chess/epd.h"
#include "chess/pgn.h"
#include "core/files.h"
#include "lab/experiments.h"
#include "lab/report.h"

namespace kibitz::lab {

Progress::Progress(std::ostream& log, std::string prefix, int total)
    : log_(log), prefix_(std::move(prefix)), total_(total) {}

void Progress::step(const std::string& what) {
    ++done_;
    const std::int64_t now = clock_.elapsed_ms();
    if (now - last_ms_ < 1000 && done_ < total_) return;
    last_ms_ = now;
    const double eta = done_ ? double(now) * (total_ - done_) / done_ / 1000.0 : 0.0;
    std::ostringstream line;
    line.setf(std::ios::fixed);
    line.precision(1);
    line << '[' << prefix_ << "] " << what << ' ' << done_ << '/' << total_ << "  "
         << double(now) / 1000.0 << " s";
    if (done_ < total_) line << ", about " << eta << " s left";
    log_ << line.str() << std::endl;
}

void Progress::note(const std::string& line) {
    log_ << '[' << prefix_ << "] " << line << std::endl;
}

const std::vector<Experiment>& experiments() {
    static const std::vector<Experiment> list = {
        experiment_cornell(),          experiment_minimax(),
        experiment_ordering(),         experiment_algorithms(),
        experiment_hashing(),          experiment_pruning(),
        experiment_aspiration(),       experiment_presets(),
        experiment_tournament(),       experiment_othello_minimax(),
        experiment_othello_ordering(), experiment_othello_algorithms(),
        experiment_othello_hashing(),
    };
    return list;
}

const Experiment* find_experiment(const std::string& name) {
    for (const auto& e : experiments())
        if (e.name == name) return &e;
    return nullptr;
}

std::string default_positions_file() {
    return std::string(KIBITZ_SOURCE_DIR) + "/data/lab/positions.epd";
}

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

core::Result<std::vector<chess::PgnGame>> read_games(const std::string& path) {
    std::ifstream in;
    if (auto s = core::open_input(in, path, "PGN file"); !s) return core::error(s.error());
    std::vector<chess::PgnGame> games;
    chess::PgnReader reader(in);
    while (auto game = reader.next()) {
        if (reader.stopped())
            return core::error(path + ":" + std::to_string(reader.last_error().line) + ": " +
                               reader.last_error().reason);
        if (game->ok()) games.push_back(std::move(game->value()));
    }
    return games;
}

}  // namespace

core::Result<std::vector<chess::Position>> load_positions(const std::string& path) {
    std::vector<chess::Position> out;
    if (ends_with(path, ".pgn")) {
        auto games = read_games(path);
        if (!games) return core::error(games.error());
        for (const auto& game : *games) {
            auto pos = chess::start_position(game);
            if (!pos) continue;
            const auto moves = game.mainline();
            for (std::size_t ply = 1; ply <= moves.size() && ply <= 60; ++ply) {
                pos->make(moves[ply - 1]);
                if (ply >= 10 && (ply - 10) % 9 == 0) out.push_back(*pos);
            }
        }
        if (out.empty()) return core::error("'" + path + "': no game reaches ply 10");
        return out;
    }
    const auto text = core::read_file(path, chess::kMaxEpdFileBytes, "EPD file");
    if (!text) return core::error(text.error());
    std::istringstream in(*text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const auto start = line.find_first_not_of(" \t\r");
        if (start == std::string::npos || line[start] == '#') continue;
        auto record = chess::parse_epd(line);
        if (!record)
            return core::error("'" + path + "' line " + std::to_string(number) + ": " +
                               record.error());
        out.push_back(record->position);
    }
    if (out.empty()) return core::error("'" + path + "' has no positions");
    return out;
}

core::Result<std::string> sample_positions(const std::vector<std::string>& pgn_files, int first,
                                           int last, int every, int max) {
    std::ostringstream out;
    int count = 0, game_number = 0;
    for (const auto& file : pgn_files) {
        auto games = read_games(file);
        if (!games) return core::error(games.error());
        for (const auto& game : *games) {
            ++game_number;
            auto pos = chess::start_position(game);
            const auto moves = game.mainline();
            if (!pos || int(moves.size()) < last) continue;
            for (int ply = 1; ply <= last && count < max; ++ply) {
                pos->make(moves[std::size_t(ply - 1)]);
                if (ply >= first && (ply - first) % every == 0) {
                    // EPD: the first four FEN fields, then a comment operation.
                    const std::string fen = pos->fen();
                    std::size_t cut = 0;
                    for (int spaces = 0; cut < fen.size() && spaces < 4; ++cut)
                        spaces += fen[cut] == ' ';
                    out << fen.substr(0, cut) << "c0 \""
                        << std::filesystem::path(file).filename().string() << " game "
                        << game_number << " ply " << ply << "\";\n";
                    ++count;
                }
            }
        }
    }
    if (count == 0) return core::error("no game is " + std::to_string(last) + " plies long");
    return out.str();
}

namespace {

// Reports name files of the source tree by their path in it, not on this machine.
std::string shown_path(const std::string& file) {
    const std::string source = std::string(KIBITZ_SOURCE_DIR) + "/";
    return file.rfind(source, 0) == 0 ? file.substr(source.size()) : file;
}

}  // namespace

Status run_experiment(const Experiment& e, const Options& options, std::ostream& log,
                      const std::atomic<bool>& stop) {
    std::vector<chess::Position> chess_positions;
    std::vector<othello::Board> othello_positions;
    std::string shown;
    if (e.game == GameKind::kOthello) {
        // Othello: the OBF file given, or the self-play sample (smaller with --quick).
        if (!options.othello_positions.empty()) {
            auto loaded = load_othello_positions(options.othello_positions);
            if (!loaded) return core::error(loaded.error());
            othello_positions = std::move(*loaded);
            shown = "`" + shown_path(options.othello_positions) + "`";
        } else {
            OthelloSample sample;
            if (options.quick) sample.games = 2;
            othello_positions = sample_othello_positions(sample);
            shown = describe(sample);
        }
    } else {
        const std::string file =
            options.positions.empty() ? default_positions_file() : options.positions;
        auto loaded = load_positions(file);
        if (!loaded) return core::error(loaded.error());
        chess_positions = std::move(*loaded);
        shown = "`" + shown_path(file) + "`";
    }
    Context ctx{options, std::move(chess_positions),  shown, options.out + "/" + e.name, log,
                stop,    std::move(othello_positions)};
    std::error_code ec;
    std::filesystem::create_directories(ctx.dir, ec);
    if (ec) return core::error("cannot create '" + ctx.dir + "': " + ec.message());
    log << "== " << e.title << " (" << ctx.position_count() << " positions) -> " << ctx.dir
        << std::endl;
    core::Stopwatch clock;
    auto status = e.run(ctx);
    if (!status) return status;
    if (ctx.stopped()) return core::error("stopped: no report written for " + e.name);
    log << "== " << e.name << " done in " << clock.elapsed_ms() / 1000 << " s" << std::endl;
    return write_summary(options.out);
}

}  // namespace kibitz::lab
