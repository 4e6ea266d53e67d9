// The web app's commands on games: create, list, move, take back, resign, draws, delete.
#include "server/service.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <random>
#include <stdexcept>

#include "chess/chess960.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "chess/san.h"
#include "core/strings.h"
#include "engine/strength.h"
#include "server/othello_service.h"

namespace kibitz::server {

using chess::Color;
using chess::kBlack;
using chess::kWhite;

namespace {

// What a PGN that cannot be read is told with.
constexpr const char* kUnreadablePgn = "The PGN could not be read";

// "White" or "Black", as a sentence names a player.
std::string_view player_color(Color c) { return c == kWhite ? "White" : "Black"; }

}  // namespace

std::string over_sentence(const Game& g) {
    return g.reason.empty() ? "The game is already over."
                            : "The game is already over: " + g.reason + ".";
}

Service::Service(std::unique_ptr<Store> store, Options options)
    : store_(std::move(store)),
      options_(options),
      pool_(options.engines, options.hash_mb, &tables_),
      table_({"game", {"white", "black"}}, chess_store_,
             [this](const Entry& e) { return state(e); }),
      routes_(make_routes()),
      puzzles_(options.puzzles) {
    // The book and the tables first: the saved games' engine turns below use them.
    const auto fail = [](const std::string& why) { throw std::runtime_error(why); };
    if (auto st = book_.load(options_.book); !st) fail(st.error());
    if (book_.loaded()) {
        std::error_code ec;
        const auto bytes = std::filesystem::file_size(options_.book, ec);
        book_entries_ = ec ? 0 : std::size_t(bytes / book::kEntryBytes);
    }
    book_.enabled = true;
    book_.max_moves = 20;
    book_.seed(std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
    if (auto st = tables_.set_dir(options_.tables); !st) fail(st.error());
    if (auto st = tables_.set_gaviota_paths(options_.gaviota); !st) fail(st.error());
    if (auto st = tables_.set_syzygy_paths(options_.syzygy); !st) fail(st.error());
    table_.load(problems_);
    // Othello's games, with an engine of its own (its tables at most 16 MB).
    OthelloService::Options othello;
    othello.hash_mb = std::clamp<std::size_t>(options_.hash_mb, 1, 16);
    othello_ = std::make_unique<OthelloService>(*store_, othello);
    for (const auto& p : othello_->load_problems()) problems_.push_back(p);
    Lock lock = table_.lock();
    table_.for_each([this](Entry& e) {
        start_engine_move(e);
        if (e.game.review.is_object() &&
            e.game.review.value("done", 0) < e.game.review.value("total", 0))
            start_review_step(e);
    });
    clock_thread_ = std::thread([this] { watch_clocks(); });
}

Service::~Service() {
    othello_.reset();
    {
        Lock lock = table_.lock();
        quit_ = true;
        table_.for_each([this](Entry& e) { stop_jobs(e, true); });
    }
    clock_cv_.notify_all();
    clock_thread_.join();
    // The engines' last callbacks still use the games: stop them before the members go.
    pool_.shutdown();
    table_.hub().close_all();
}

Json Service::state(const Entry& e) const {
    return e.game.to_json(now_ms(), e.move_job != nullptr);
}

Reply Service::commit(Entry& e, std::size_t unchanged) {
    // A review cut short by a change of its moves (Game::truncate) stops where it was cut.
    const Json& review = e.game.review;
    if (e.review_job &&
        (!review.is_object() || review.value("done", 0) >= review.value("total", 0))) {
        pool_.cancel(e.review_job);
        e.review_job.reset();
    }
    save(e, unchanged);
    start_engine_move(e);
    publish_state(e);
    return json_reply(state(e));
}

void Service::stop_jobs(Entry& e, bool review_too) {
    pool_.cancel(e.move_job);
    pool_.cancel(e.hint_job);
    pool_.cancel(e.analysis_job);
    e.move_job.reset();
    e.hint_job.reset();
    e.analysis_job.reset();
    if (review_too) {
        pool_.cancel(e.review_job);
        e.review_job.reset();
    }
}

Reply Service::info(const Request& r) const {
    Json levels = Json::array();
    const std::pair<const char*, int> named[] = {
        {"Beginner", 1000}, {"Casual", 1200},           {"Club", 1400},  {"Strong club", 1600},
        {"Expert", 1800},   {"Candidate master", 2000}, {"Master", 2200}};
    for (const auto& [name, elo] : named) levels.push_back({{"name", name}, {"elo", elo}});
    return json_reply(
        {{"version", options_.version},
         {"elo",
          {{"min", engine::kMinElo}, {"max", engine::kMaxElo}, {"calibrated", {1400, 1800, 2200}}}},
         {"levels", levels},
         {"engines", options_.engines},
         {"visitor", {{"owner", loopback_peer(r.peer)}}},
         {"book", book_.loaded() ? Json{{"file", book_.path()}, {"entries", book_entries_}}
                                 : Json(nullptr)},
         {"tablebases",
          {{"dir", tables_.dir().empty() ? Json(nullptr) : Json(tables_.dir())},
           {"gaviota",
            tables_.gaviota_paths().empty() ? Json(nullptr) : Json(tables_.gaviota_paths())},
           {"syzygy",
            tables_.syzygy_paths().empty() ? Json(nullptr) : Json(tables_.syzygy_paths())},
           {"max_men", tables_.max_men()}}}});
}

Json Service::knowledge_of(const chess::Position& pos) const {
    Json book = Json::array();
    for (const book::Candidate& c : book_.candidates(pos))
        book.push_back({{"uci", chess::move_to_uci(pos, c.move)},
                        {"san", chess::move_to_san(pos, c.move)},
                        {"weight", c.weight},
                        {"share", std::round(c.share * 10000) / 10000}});
    Json tablebase = nullptr;
    chess::Position probed = pos;
    if (const auto z = tables_.syzygy_view(probed)) {
        // Syzygy: the result under the fifty-move rule, its DTZ, the mate distance when the
        // other tables know it, and the move that keeps the result (the page shows it after
        // the text: "Tablebase: win, DTZ 23 — Kb2").
        const auto v = tables_.probe(pos);
        const int mate = !v                            ? 0
                         : v->kind == tb::Value::kWin  ? (v->plies + 1) / 2
                         : v->kind == tb::Value::kLoss ? -(v->plies / 2)
                                                       : 0;
        std::string text = std::string("tablebase: ") + tb::syzygy::wdl_name(z->wdl);
        if (z->wdl != 0) text += ", DTZ " + std::to_string(std::abs(z->dtz));
        if (mate > 0) text += ", mate in " + std::to_string(mate);
        if (mate < 0) text += ", mated in " + std::to_string(-mate);
        const std::string san = z->best ? chess::move_to_san(pos, *z->best) : "";
        tablebase = {{"result", z->wdl > 1    ? "win"
                                : z->wdl < -1 ? "loss"
                                              : "draw"},
                     {"wdl", z->wdl},
                     {"dtz", z->dtz},
                     {"mate", mate},
                     {"best", z->best ? Json(chess::move_to_uci(pos, *z->best)) : Json(nullptr)},
                     {"best_san", z->best ? Json(san) : Json(nullptr)},
                     {"text", text}};
    } else if (const auto v = tables_.probe(pos)) {
        const int mate = v->kind == tb::Value::kWin    ? (v->plies + 1) / 2
                         : v->kind == tb::Value::kLoss ? -(v->plies / 2)
                                                       : 0;
        const char* result = v->kind == tb::Value::kWin    ? "win"
                             : v->kind == tb::Value::kLoss ? "loss"
                                                           : "draw";
        const std::string text =
            v->kind == tb::Value::kWin    ? "tablebase: mate in " + std::to_string(mate)
            : v->kind == tb::Value::kLoss ? "tablebase: mated in " + std::to_string(-mate)
                                          : std::string("tablebase: draw");
        const auto best = tables_.best_move(pos);
        tablebase = {{"result", result},
                     {"mate", mate},
                     {"best", best ? Json(chess::move_to_uci(pos, best->move)) : Json(nullptr)},
                     {"best_san", best ? Json(chess::move_to_san(pos, best->move)) : Json(nullptr)},
                     {"text", text}};
    }
    return {{"book", std::move(book)}, {"tablebase", std::move(tablebase)}};
}

Reply Service::create(const Json& body) {
    if (!body.is_object()) return error_reply(400, "the body must be a JSON object");
    // A game from PGN opens as an analysis board unless a mode is asked for.
    Mode mode = body.contains("pgn") && !body["pgn"].is_null() ? Mode::kAnalysis : Mode::kEngine;
    if (body.contains("mode")) {
        const auto m =
            body["mode"].is_string() ? parse_mode(body["mode"].get<std::string>()) : std::nullopt;
        if (!m) return error_reply(400, "'mode' must be engine, humans or analysis");
        mode = *m;
    }
    Json settings_in = body;
    bool random_color = false;
    if (body.contains("color") && body["color"] == "random") {
        settings_in.erase("color");
        random_color = true;
    }
    auto settings = parse_settings(settings_in);
    if (!settings) return error_reply(400, settings.error());
    if (random_color) settings->human = random_hex(1)[0] < '8' ? kWhite : kBlack;
    if (mode == Mode::kAnalysis) settings->clock_initial = settings->clock_increment = 0;

    const bool has_fen = body.contains("fen") && !body["fen"].is_null();
    const bool has_pgn = body.contains("pgn") && !body["pgn"].is_null();
    const bool has_from = body.contains("from") && !body["from"].is_null();
    if (int(has_fen) + int(has_pgn) + int(has_from) > 1)
        return error_reply(400, "give one of 'fen', 'pgn' and 'from', not several");
    if ((has_fen && !body["fen"].is_string()) || (has_pgn && !body["pgn"].is_string()))
        return error_reply(400, "'fen' and 'pgn' must be strings");

    Game g;
    g.mode = mode;
    g.settings = *settings;
    std::string fen{chess::kStartFen};
    std::vector<GameMove> moves;
    std::optional<GameTree> imported;
    if (has_fen) fen = body["fen"].get<std::string>();
    // Chess960 without a position: one of the 960 at random.
    if (!has_fen && !has_pgn && !has_from && g.settings.chess960)
        fen = chess::chess960_fen(int(std::stoul(random_hex(4), nullptr, 16) % 960));
    if (has_from) {
        // A new game from a position of another one: the path's moves are its history.
        const Json& from = body["from"];
        if (!from.is_object() || !from.contains("game") || !from["game"].is_string())
            return error_reply(400, "'from' must be {\"game\": id, \"node\": move id}");
        Lock lock = table_.lock();
        const Entry* source = table_.find(from["game"].get<std::string>());
        if (!source) return table_.missing(from["game"].get<std::string>());
        NodeId at = kNoNode;
        if (auto refused = pick_node(source->game, from, at)) return std::move(*refused);
        const GameTree& tree = source->game.tree();
        fen = tree.position(kRootNode).fen();
        g.settings.chess960 = tree.chess960();
        for (const NodeId n : tree.path(at))
            if (tree.node(n).move == chess::Move::null()) {
                fen = tree.node(n).fen;  // an imported null move: the history starts after it
                moves.clear();
            } else if (n != kRootNode) {
                GameMove m;
                m.uci = tree.node(n).uci;
                moves.push_back(std::move(m));
            }
    }
    if (has_pgn) {
        const std::string text = body["pgn"].get<std::string>();
        chess::PgnReader reader(text);
        reader.allow_null_moves(true);  // analysis lines' "--"; a game played on refuses them
        auto first = reader.next();
        if (!first) return error_reply(422, "The PGN could not be read: it holds no game.");
        if (!*first) return error_reply(422, plain_sentence(kUnreadablePgn, first->error()));
        auto read = tree_from_pgn(first->value());
        if (!read) return error_reply(422, plain_sentence(kUnreadablePgn, read.error()));
        TreeGame& pgn = *read;
        const chess::Position start = pgn.tree.position(kRootNode);
        fen = start.fen();
        g.settings.chess960 = start.chess960();
        const auto line = pgn.tree.mainline();
        std::size_t keep = line.size() - 1;
        if (body.contains("ply")) {
            if (!body["ply"].is_number_integer() || body["ply"].get<std::int64_t>() < 0 ||
                body["ply"].get<std::int64_t>() > std::int64_t(keep))
                return error_reply(400, "'ply' must be from 0 to " + std::to_string(keep) +
                                            " (the game's half-moves)");
            keep = body["ply"].get<std::size_t>();
            if (keep + 1 < line.size()) {
                (void)pgn.tree.truncate(line[keep]);
                pgn.result = "*";
            }
        }
        if (mode == Mode::kAnalysis) {
            // Everything the file says: tags, result, comments, NAGs and variations.
            imported = std::move(pgn.tree);
            g.tags = std::move(pgn.tags);
            g.result = pgn.result;
        } else {
            // A game played on from the file: its main line, with no clocks.
            for (std::size_t i = 1; i <= keep; ++i) {
                const TreeNode& n = pgn.tree.node(line[i]);
                if (n.move == chess::Move::null())
                    return error_reply(
                        422, "Move " + std::to_string((n.ply + 1) / 2) +
                                 (n.ply % 2 == 1 ? ". --" : "... --") +
                                 " is a null move: open the game as an analysis board, or play "
                                 "on from a move before it.");
                GameMove m;
                m.uci = n.uci;
                moves.push_back(std::move(m));
            }
        }
    }
    const std::string imported_result = g.result;
    if (auto started = g.start(fen); !started)
        return error_reply(422, plain_sentence("The position could not be read", started.error()));
    if (imported) {
        g.set_tree(std::move(*imported));
        // The rules' result (mate, stalemate) stands; else the file's.
        if (imported_result != "*" && !g.over()) g.finish(imported_result, "");
    } else if (auto replayed = g.replay(moves); !replayed) {
        return error_reply(422, plain_sentence(kUnreadablePgn, replayed.error()));
    }
    if (g.over() && mode != Mode::kAnalysis)
        return error_reply(422, "The game is already over in that position (" + g.reason +
                                    "), so it cannot be played on.");

    g.id = random_hex(16);
    g.token[kWhite] = random_hex(32);
    g.token[kBlack] = mode == Mode::kAnalysis ? g.token[kWhite] : random_hex(32);
    g.created = now_ms();
    g.turn_started = g.created;
    // Imported moves keep no clock: both clocks start full.
    g.clock[kWhite] = g.clock[kBlack] = g.settings.clock_initial;

    Json reply;
    Lock lock = table_.lock();
    const std::string id = g.id;
    Entry& e = table_.add(std::move(g));
    save(e, 0);
    const Color seat = e.game.settings.human;
    reply["seat"] = mode == Mode::kAnalysis ? "both" : std::string(color_name(seat));
    reply["token"] = e.game.token[seat];
    reply["invite"] = nullptr;
    if (mode == Mode::kHumans) {
        const Color other = ~seat;
        const std::string& t = e.game.token[other];
        reply["invite"] = {
            {"seat", color_name(other)},
            {"token", t},
            {"url", "/#/game/" + id + "?seat=" + std::string(color_name(other)) + "&token=" + t}};
    }
    start_engine_move(e);
    reply["game"] = state(e);
    return json_reply(std::move(reply), 201);
}

Reply Service::list(const Request& r) const {
    ListScope scope;
    if (auto refused = read_list_scope(r, scope)) return std::move(*refused);
    return table_.list([&](const Game& g) {
        return !(g.mode == Mode::kAnalysis && g.moves().empty()) && scope.shows(g.token);
    });
}

Reply Service::get(const std::string& id, const std::string& token, const std::string& seat) const {
    return table_.get(id, token, seat);
}

Reply Service::legal(const std::string& id, const std::string& node_text,
                     const std::string& ply_text) const {
    Lock lock = table_.lock();
    const Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    const GameTree& tree = e->game.tree();
    NodeId at = kNoNode;
    if (auto refused = pick_node(e->game, node_text, ply_text, at)) return std::move(*refused);
    const chess::Position pos = tree.position(at);
    Json legal = Json::array();
    const bool ended = at == tree.mainline_end() && e->game.over();
    if (!ended)
        for (const chess::Move m : chess::legal_moves(pos))
            legal.push_back(chess::move_to_uci(pos, m));
    return json_reply({{"ply", tree.path(at).size() - 1},
                       {"node", at},
                       {"fen", pos.fen()},
                       {"legal", std::move(legal)}});
}

Reply Service::knowledge(const std::string& id, const std::string& node_text,
                         const std::string& ply_text) const {
    Lock lock = table_.lock();
    const Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    const Game& g = e->game;
    NodeId at = kNoNode;
    if (auto refused = pick_node(g, node_text, ply_text, at)) return std::move(*refused);
    // Like analysis: the book and the tables would be a second opinion while a game is played.
    if (g.mode != Mode::kAnalysis && !g.over())
        return error_reply(
            409, "The opening book and the endgame tables are shown once the game is over.");
    const chess::Position pos = g.tree().position(at);
    Json reply = knowledge_of(pos);
    reply["ply"] = g.tree().path(at).size() - 1;
    reply["node"] = at;
    reply["fen"] = pos.fen();
    return json_reply(std::move(reply));
}

Reply Service::remove(const std::string& id, const std::string& token) {
    return table_.remove(id, token, [this](Entry& e) { stop_jobs(e, true); });
}

Reply Service::move(const std::string& id, const std::string& token, const Json& body) {
    if (!body.is_object() || !body.contains("move") || !body["move"].is_string())
        return error_reply(400, "the body must be {\"move\": \"e2e4\"} (UCI or SAN)");
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Game& g = e->game;
    const int seats = seats_of(token, g.token);
    if (!seats) return error_reply(403, kNotYourSeat);
    const std::int64_t now = now_ms();
    if (g.mode != Mode::kAnalysis && g.check_flag(now)) {
        stop_jobs(*e, false);
        save(*e, g.moves().size());
        publish_state(*e);
        return error_reply(409, over_sentence(g));
    }
    NodeId at = kNoNode;
    if (auto refused = pick_node(g, body, at)) return std::move(*refused);
    const std::string text = body["move"].get<std::string>();
    const bool at_end = at == g.tree().mainline_end();
    if (g.mode != Mode::kAnalysis && !g.over() && !at_end)
        return error_reply(409, "Variations can be explored once the game is over.");
    if (g.mode == Mode::kAnalysis) {
        pool_.cancel(e->analysis_job);
        e->analysis_job.reset();
    }
    // A variation, a move from a finished game's position or past an analysis board's result.
    if (!at_end || g.over()) return explore(*e, at, text);
    if (!holds(seats, g.turn()))
        return error_reply(
            409, g.engine_plays(g.turn())
                     ? "It is Kibitz's turn; your move comes after its reply."
                     : "It is " + std::string(player_color(g.turn())) + "'s turn, not yours.");
    const auto m = g.parse_move(text);
    if (!m) return error_reply(422, move_refused(text, m.error()));
    pool_.cancel(e->hint_job);
    e->hint_job.reset();
    const std::size_t unchanged = g.moves().size();
    g.play(*m, now);
    Reply r = commit(*e, unchanged);
    r.body["node"] = g.tree().mainline_end();
    return r;
}

Reply Service::takeback(const std::string& id, const std::string& token, const Json& body) {
    if (!body.is_object()) return error_reply(400, "the body must be a JSON object");
    std::string answer;
    if (body.contains("answer")) {
        if (!body["answer"].is_string() ||
            (body["answer"] != "accept" && body["answer"] != "decline"))
            return error_reply(400, "'answer' must be accept or decline");
        answer = body["answer"].get<std::string>();
    }
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Game& g = e->game;
    const int seats = seats_of(token, g.token);
    if (!seats) return error_reply(403, "A seat token of this game is needed to take a move back.");
    if (g.mode != Mode::kAnalysis) {
        if (g.check_flag(now_ms())) {
            stop_jobs(*e, false);
            save(*e, g.moves().size());
            publish_state(*e);
        }
        // A result stands: resigned, flagged, mated or drawn, the game is not played on.
        if (g.over())
            return error_reply(409,
                               "The game is over; you can analyse it, but not take moves back.");
    }
    if (!answer.empty() && g.mode != Mode::kHumans)
        return error_reply(400, "'answer' is for a take-back asked for in a game of two people");
    const auto& moves = g.moves();
    if (moves.empty() && answer.empty()) return error_reply(409, "There is no move to take back.");
    std::size_t keep = moves.size() - (moves.empty() ? 0 : 1);
    if (g.mode == Mode::kEngine) {
        // Back to before the person's last move (dropping the engine's reply, if any).
        const Color first = g.position_at(0).side_to_move();
        std::size_t last_human = moves.size();
        for (std::size_t i = moves.size(); i-- > 0;) {
            const Color mover = i % 2 == 0 ? first : ~first;
            if (mover == g.settings.human) {
                last_human = i;
                break;
            }
        }
        if (last_human == moves.size()) return error_reply(409, "You have no move to take back.");
        keep = last_human;
    } else if (g.mode == Mode::kHumans) {
        // Two people: the last mover asks, the opponent accepts or declines.
        const Color last_mover = ~g.turn();
        const auto tell = [&](const char* action, Color by) {
            table_.publish(id, {{"type", "takeback"}, {"action", action}, {"by", color_name(by)}});
        };
        if (answer.empty()) {
            if (!holds(seats, last_mover))
                return error_reply(409,
                                   "Only the player who made the last move can ask to take "
                                   "it back.");
            if (g.takeback_request != last_mover) {
                g.takeback_request = last_mover;
                save(*e, moves.size());
                tell("request", last_mover);
                publish_state(*e);
            }
            return json_reply(state(*e));
        }
        if (!g.takeback_request || holds(seats, *g.takeback_request))
            return error_reply(409, "Your opponent has not asked to take a move back.");
        const Color asked = *g.takeback_request;
        if (answer == "decline") {
            g.takeback_request.reset();
            save(*e, moves.size());
            tell("decline", ~asked);
            publish_state(*e);
            return json_reply(state(*e));
        }
        tell("accept", ~asked);
    }
    stop_jobs(*e, false);
    g.truncate(keep);
    g.turn_started = now_ms();
    return commit(*e, keep);
}

Reply Service::resign(const std::string& id, const std::string& token) {
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Game& g = e->game;
    const int seats = seats_of(token, g.token);
    if (!seats) return error_reply(403, kNotYourSeat);
    if (g.mode == Mode::kAnalysis)
        return error_reply(409, "An analysis board has no player who could resign.");
    if (g.over()) return error_reply(409, over_sentence(g));
    const Color loser = seats == kBothSeats ? g.turn() : holds(seats, kWhite) ? kWhite : kBlack;
    stop_jobs(*e, false);
    g.finish(loser == kWhite ? "0-1" : "1-0", "resignation");
    return commit(*e, g.moves().size());
}

Reply Service::pgn(const std::string& id) const {
    Lock lock = table_.lock();
    const Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Reply r;
    r.text = e->game.pgn();
    r.content_type = "application/x-chess-pgn; charset=utf-8";
    r.filename = "kibitz-" + id + ".pgn";
    return r;
}

std::shared_ptr<Stream> Service::open_stream(const std::string& id, int& status) {
    return table_.open_stream(id, status);
}

void Service::close_stream(const std::string& id, const std::shared_ptr<Stream>& s) {
    Lock lock = table_.lock();
    if (table_.close_stream(id, s) > 0) return;
    if (Entry* e = table_.find(id); e && e->analysis_job) {
        pool_.cancel(e->analysis_job);
        e->analysis_job.reset();
    }
}

void Service::watch_clocks() {
    Lock lock = table_.lock();
    while (!quit_) {
        clock_cv_.wait_for(lock, std::chrono::milliseconds(50));
        if (quit_) break;
        const std::int64_t now = now_ms();
        table_.for_each([&](Entry& e) {
            if (e.game.mode == Mode::kAnalysis || !e.game.check_flag(now)) return;
            stop_jobs(e, false);
            try {
                save(e, e.game.moves().size());
            } catch (const std::exception&) {
                // The flag is settled again from the stored clocks after a restart.
            }
            publish_state(e);
        });
    }
}

GameRoutes Service::make_routes() {
    GameRoutes t;
    t.root = "/api";
    t.games = "/api/games";
    t.noun = table_.kind().noun;
    using R = const Request&;
    using I = const std::string&;
    using J = const Json&;
    t.paths = {{"GET", "/api/info", [this](R r, I, J) { return info(r); }}};
    t.collection = {{"GET", "", [this](R r, I, J) { return list(r); }},
                    {"POST", "", [this](R, I, J j) { return create(j); }}};
    t.game = {
        {"GET", "", [this](R r, I id, J) { return get(id, r.token, r.seat); }},
        {"DELETE", "", [this](R r, I id, J) { return remove(id, r.token); }},
        {"GET", "/pgn", [this](R, I id, J) { return pgn(id); }},
        {"GET", "/legal", [this](R r, I id, J) { return legal(id, r.node, r.ply); }},
        {"GET", "/knowledge", [this](R r, I id, J) { return knowledge(id, r.node, r.ply); }},
        {"POST", "/move", [this](R r, I id, J j) { return move(id, r.token, j); }},
        {"POST", "/takeback", [this](R r, I id, J j) { return takeback(id, r.token, j); }},
        {"POST", "/resign", [this](R r, I id, J) { return resign(id, r.token); }},
        {"POST", "/draw", [this](R r, I id, J j) { return draw(id, r.token, j); }},
        {"POST", "/hint", [this](R r, I id, J) { return hint(id, r.token); }},
        {"POST", "/analysis", [this](R r, I id, J j) { return analysis(id, r.token, j); }},
        {"POST", "/review", [this](R r, I id, J j) { return review(id, r.token, j); }},
        {"POST", "/annotate", [this](R r, I id, J j) { return annotate(id, r.token, j); }},
    };
    t.open_stream = [this](I id, int& status) { return open_stream(id, status); };
    t.close_stream = [this](I id, const std::shared_ptr<Stream>& s) { close_stream(id, s); };
    t.hub = &table_.hub();
    return t;
}

std::vector<const GameRoutes*> Service::game_routes() const {
    return {&othello_->routes(), &routes_};
}

}  // namespace kibitz::server
