// The puzzle mode: reading the CSV by its header, choosing a puzzle near a rating, the puzzle's
// positions for the page, and its explanation.
#include "server/puzzles.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/san.h"
#include "core/files.h"
#include "core/strings.h"
#include "explain/explain.h"

namespace kibitz::server {

namespace {

constexpr std::uint64_t kMaxPuzzleFileBytes = std::uint64_t(256) << 20;
constexpr const char* kRoot = "/api/puzzles";
// The explanation's searches: depth 8 (the same answer on every machine), capped in time for
// the rare slow position so that one request never holds its thread for long.
constexpr int kExplainDepth = 8;
constexpr int kExplainCapMs = 2000;

// True for a puzzle id as Lichess writes them: 1 to 16 letters and digits.
bool valid_puzzle_id(std::string_view id) {
    return !id.empty() && id.size() <= 16 && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    });
}

// The column of each name the server reads; the error names the ones the header lacks.
core::Result<std::map<std::string, std::size_t>> read_header(std::string_view line) {
    static const char* const kColumns[] = {"PuzzleId", "FEN", "Moves", "Rating", "Themes"};
    const auto names = explain::csv_fields(core::trim(line));
    std::map<std::string, std::size_t> at;
    std::string missing;
    for (const char* name : kColumns) {
        const auto it = std::find(names.begin(), names.end(), name);
        if (it == names.end())
            missing += std::string(missing.empty() ? "" : ", ") + name;
        else
            at[name] = std::size_t(it - names.begin());
    }
    if (!missing.empty())
        return core::error(
            "its first line must be a header naming the columns PuzzleId, FEN, "
            "Moves, Rating and Themes; it lacks " +
            missing);
    return at;
}

core::Result<RatedPuzzle> read_row(std::string_view row,
                                   const std::map<std::string, std::size_t>& at) {
    const auto fields = explain::csv_fields(core::trim(row));
    std::size_t needed = 0;
    for (const auto& [name, column] : at) needed = std::max(needed, column + 1);
    if (fields.size() < needed)
        return core::error("expected " + std::to_string(needed) +
                           " comma-separated fields, found " + std::to_string(fields.size()));
    const auto field = [&](const char* name) { return fields[at.at(name)]; };
    if (!valid_puzzle_id(field("PuzzleId")))
        return core::error("the PuzzleId '" + core::clip(field("PuzzleId")) +
                           "' is not 1 to 16 letters and digits");
    const auto rating = core::parse_int<int>(field("Rating"));
    if (!rating || *rating < kMinPuzzleRating || *rating > kMaxPuzzleRating)
        return core::error("puzzle " + std::string(field("PuzzleId")) + ": the Rating '" +
                           core::clip(field("Rating")) + "' is not a whole number from " +
                           std::to_string(kMinPuzzleRating) + " to " +
                           std::to_string(kMaxPuzzleRating));
    auto p = explain::make_puzzle(field("PuzzleId"), field("FEN"), field("Moves"), field("Themes"));
    if (!p) return core::error(p.error());
    return RatedPuzzle{std::move(*p), *rating};
}

// The one integer of a query parameter in [lo, hi]; the error names the parameter.
std::optional<Reply> read_number(const std::string& name, const std::string& text, int lo, int hi,
                                 int& value) {
    const auto n = core::parse_int<int>(text);
    if (!n || *n < lo || *n > hi || text.find_first_not_of("0123456789") != std::string::npos)
        return error_reply(400, "'" + name + "' must be a whole number from " + std::to_string(lo) +
                                    " to " + std::to_string(hi) + ", not '" + core::clip(text) +
                                    "'");
    value = *n;
    return std::nullopt;
}

}  // namespace

core::Result<PuzzleFile> read_puzzle_file(const std::string& path) {
    const auto text = core::read_file(path, kMaxPuzzleFileBytes, "puzzle file");
    if (!text) return core::error(text.error());
    std::istringstream in(*text);
    std::string line;
    if (!std::getline(in, line)) return core::error(path + " is empty");
    const auto header = read_header(line);
    if (!header) return core::error(path + ": " + header.error());
    PuzzleFile file;
    std::map<std::string, int> seen;
    for (int number = 2; std::getline(in, line); ++number) {
        if (core::trim(line).empty()) continue;
        auto p = read_row(line, *header);
        std::string why = p ? "" : p.error();
        if (p && !seen.emplace(p->puzzle.id, number).second)
            why = "puzzle " + p->puzzle.id + " is there twice (first on line " +
                  std::to_string(seen[p->puzzle.id]) + ")";
        if (why.empty()) {
            file.puzzles.push_back(std::move(*p));
            continue;
        }
        if (file.skipped_count++ < kMaxSkippedShown)
            file.skipped.push_back(path + ":" + std::to_string(number) + ": " + why);
    }
    if (file.puzzles.empty())
        return core::error(path + " has no puzzle" +
                           (file.skipped.empty() ? "" : " that could be read: " + file.skipped[0]));
    return file;
}

Json puzzle_json(const RatedPuzzle& rp) {
    const explain::Puzzle& p = rp.puzzle;
    Json moves = Json::array(), san = Json::array(), positions = Json::array();
    chess::Position at = p.position;
    for (std::size_t i = 0; i <= p.moves.size(); ++i) {
        Json place = {{"fen", at.fen()}, {"check", at.in_check()}};
        // The solver moves after the setup move and every reply: odd indices.
        if (i % 2 == 1 && i < p.moves.size()) {
            Json legal = Json::array(), mates = Json::array();
            for (const chess::Move m : chess::legal_moves(at)) {
                legal.push_back(chess::move_to_uci(at, m));
                chess::Position after = at;
                after.make(m);
                if (after.in_check() && chess::count_legal_moves(after) == 0)
                    mates.push_back(chess::move_to_uci(at, m));
            }
            place["legal"] = std::move(legal);
            place["mates"] = std::move(mates);
        }
        positions.push_back(std::move(place));
        if (i == p.moves.size()) break;
        moves.push_back(chess::move_to_uci(at, p.moves[i]));
        san.push_back(chess::move_to_san(at, p.moves[i]));
        at.make(p.moves[i]);
    }
    chess::Position solver = p.position;
    solver.make(p.moves[0]);
    return {{"id", p.id},
            {"rating", rp.rating},
            {"themes", p.themes},
            {"fen", p.position.fen()},
            {"color", solver.side_to_move() == chess::kWhite ? "white" : "black"},
            {"moves", std::move(moves)},
            {"san", std::move(san)},
            {"positions", std::move(positions)}};
}

Puzzles::Puzzles(const std::string& path) : rng_(std::random_device{}()) {
    if (path.empty()) {
        problem_ = "no puzzle file was given";
        return;
    }
    auto file = read_puzzle_file(path);
    if (!file) {
        problem_ = file.error();
        return;
    }
    puzzles_ = std::move(file->puzzles);
    std::stable_sort(
        puzzles_.begin(), puzzles_.end(),
        [](const RatedPuzzle& a, const RatedPuzzle& b) { return a.rating < b.rating; });
    for (std::size_t i = 0; i < puzzles_.size(); ++i) by_id_[puzzles_[i].puzzle.id] = i;
    if (file->skipped_count > 0) {
        problem_ = std::to_string(file->skipped_count) + " rows of " + path + " were skipped";
        for (const auto& s : file->skipped) problem_ += "; " + s;
    }
}

const RatedPuzzle* Puzzles::find(const std::string& id) const {
    const auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : &puzzles_[it->second];
}

std::optional<Reply> Puzzles::no_puzzles() const {
    if (!puzzles_.empty()) return std::nullopt;
    return error_reply(503, "This server has no puzzles: " + problem_ + ".");
}

Reply Puzzles::info() const {
    return json_reply({{"count", puzzles_.size()}, {"problem", problem_}});
}

Reply Puzzles::next(const std::string& rating_text, const std::string& exclude) {
    int rating = 1500;
    if (!rating_text.empty()) {
        if (auto bad =
                read_number("rating", rating_text, kMinPuzzleRating, kMaxPuzzleRating, rating))
            return std::move(*bad);
    }
    std::vector<std::string_view> excluded;
    if (!exclude.empty())
        for (const auto id : explain::csv_fields(exclude)) {
            if (!valid_puzzle_id(id))
                return error_reply(400,
                                   "'exclude' must be puzzle ids (1 to 16 letters and "
                                   "digits) separated by commas; '" +
                                       core::clip(id) + "' is not one");
            excluded.push_back(id);
        }
    if (excluded.size() > kMaxExcluded)
        return error_reply(400, "'exclude' carries " + std::to_string(excluded.size()) +
                                    " ids; at most " + std::to_string(kMaxExcluded));
    if (auto none = no_puzzles()) return std::move(*none);
    const auto is_excluded = [&](const RatedPuzzle& p) {
        return std::find(excluded.begin(), excluded.end(), p.puzzle.id) != excluded.end();
    };
    // Outward from the first puzzle at or above the rating, the nearer side first.
    std::vector<std::size_t> near;
    auto up =
        std::size_t(std::lower_bound(puzzles_.begin(), puzzles_.end(), rating,
                                     [](const RatedPuzzle& p, int r) { return p.rating < r; }) -
                    puzzles_.begin());
    auto down = up;
    while (near.size() < kNearest && (down > 0 || up < puzzles_.size())) {
        const bool take_up =
            down == 0 || (up < puzzles_.size() &&
                          puzzles_[up].rating - rating <= rating - puzzles_[down - 1].rating);
        const std::size_t i = take_up ? up++ : --down;
        if (!is_excluded(puzzles_[i])) near.push_back(i);
    }
    if (near.empty())
        return error_reply(404, "every puzzle of this server is excluded; solve some again");
    std::size_t pick = 0;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        pick = near[std::uniform_int_distribution<std::size_t>(0, near.size() - 1)(rng_)];
    }
    return json_reply(puzzle_json(puzzles_[pick]));
}

Reply Puzzles::get(const std::string& id) const {
    if (auto none = no_puzzles()) return std::move(*none);
    const RatedPuzzle* p = find(id);
    if (!p) return error_reply(404, "no puzzle '" + core::clip(id) + "'");
    return json_reply(puzzle_json(*p));
}

Reply Puzzles::explain(const std::string& id) {
    if (auto none = no_puzzles()) return std::move(*none);
    const RatedPuzzle* p = find(id);
    if (!p) return error_reply(404, "no puzzle '" + core::clip(id) + "'");
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (const auto it = explained_.find(id); it != explained_.end())
            return json_reply(it->second);
    }
    // A slot of kMaxExplaining, or 503: a flood of requests takes at most that many threads.
    if (explaining_.fetch_add(1) >= kMaxExplaining) {
        explaining_.fetch_sub(1);
        return error_reply(503,
                           "The server is busy explaining other puzzles; try again in a "
                           "moment.");
    }
    struct Release {
        std::atomic<int>& n;
        ~Release() { n.fetch_sub(1); }
    } release{explaining_};
    explain::Options options;
    options.search.depth = kExplainDepth;
    options.search.movetime_ms = kExplainCapMs;
    explain::Explainer explainer(options);
    const explain::Puzzle& puzzle = p->puzzle;
    chess::Position after = puzzle.position;
    after.make(puzzle.moves[0]);
    const auto e = explainer.explain(after, puzzle.moves[1], &puzzle.position, puzzle.moves[0]);
    Json body = explain::to_json(e);
    body["id"] = id;
    std::lock_guard<std::mutex> lock(mutex_);
    explained_[id] = body;
    return json_reply(std::move(body));
}

std::optional<Reply> Puzzles::route(const Request& r) {
    const std::string root = kRoot;
    if (r.path.compare(0, root.size(), root) != 0) return std::nullopt;
    std::string rest = r.path.substr(root.size());
    if (!rest.empty() && rest[0] != '/') return std::nullopt;  // "/api/puzzlesX"
    if (rest == "/") rest.clear();
    if (r.method != "GET") return error_reply(405, r.method + " is not allowed on " + r.path);
    if (rest.empty()) return info();
    rest.erase(0, 1);
    if (rest == "next") return next(r.rating, r.exclude);
    const std::string id = rest.substr(0, rest.find('/'));
    const std::string tail = rest.substr(id.size());
    if (!valid_puzzle_id(id))
        return error_reply(
            400, "'" + core::clip(id) + "' is not a puzzle id (1 to 16 letters and digits)");
    if (tail.empty() || tail == "/") return get(id);
    if (tail == "/explain") return explain(id);
    return error_reply(404, "no such API path: " + r.path);
}

}  // namespace kibitz::server
