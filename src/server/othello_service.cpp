// The web app's Othello commands and the engine's moves.
#include "server/othello_service.h"

#include <algorithm>

#include "core/strings.h"

namespace kibitz::server {

using othello::Board;
using othello::Color;
using othello::kBlack;
using othello::kWhite;
using othello::Move;

namespace {

// The 64-char text of a board, for error messages about bad ones.
core::Result<Board> board_field(const Json& body, const char* name) {
    if (!body[name].is_string())
        return core::error(std::string("'") + name + "' must be a board text (64 squares X/O/- " +
                           "from A1 to H8, then the side to move X or O)");
    return Board::from_text(body[name].get<std::string>());
}

// The message with every byte that is not part of a valid UTF-8 character replaced by '?': the
// rules' errors quote single bytes of the input, and JSON holds only valid UTF-8.
std::string valid_utf8(std::string s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80         ? 1
                              : (c >> 5) == 6  ? 2
                              : (c >> 4) == 14 ? 3
                              : (c >> 3) == 30 ? 4
                                               : 0;
        bool ok = n > 0 && i + n <= s.size();
        for (std::size_t k = 1; ok && k < n; ++k)
            ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
        if (!ok) {
            s[i++] = '?';
            continue;
        }
        i += n;
    }
    return s;
}

// A 4xx reply whose message quotes the request's text.
Reply input_error(int status, const std::string& message) {
    return error_reply(status, valid_utf8(message));
}

}  // namespace

OthelloService::OthelloService(Store& store, Options options)
    : options_(options),
      store_(store),
      table_({"Othello game", {"black", "white"}}, store_,
             [this](const Entry& e) { return state(e); }),
      routes_(make_routes()) {
    std::vector<std::unique_ptr<JobRunner>> searcher;
    searcher.push_back(make_othello_searcher(options_.hash_mb));
    queue_ = std::make_unique<JobQueue>(std::move(searcher));
    table_.load(problems_);
    Lock lock = table_.lock();
    table_.for_each([this](Entry& e) {
        e.game.turn_started = now_ms();
        if (!e.game.engine_to_move()) return;
        start_engine_move(e);
        try {
            save(e);  // a forced pass played at once
        } catch (const std::exception& ex) {
            problems_.push_back("Othello game " + e.game.id + " not saved: " + ex.what());
        }
    });
}

OthelloService::~OthelloService() {
    // The engine's last callbacks still use the games: stop it before the members go.
    queue_.reset();
    table_.hub().close_all();
}

Json OthelloService::state(const Entry& e) const {
    return e.game.to_json(e.job != nullptr, e.live);
}

Reply OthelloService::commit(Entry& e, int status) {
    start_engine_move(e);
    save(e);
    Json game = state(e);
    table_.publish(e.game.id, {{"type", "state"}, {"game", game}});
    return json_reply(std::move(game), status);
}

void OthelloService::start_engine_move(Entry& e) {
    OthelloGame& g = e.game;
    if (e.job || !g.engine_to_move()) return;
    // A forced pass needs no search.
    if (g.board().must_pass()) {
        g.play(Move::pass(), now_ms());
        return;
    }
    auto job = std::make_shared<OthelloJob>();
    job->game_id = g.id;
    job->board = g.board();
    job->level = othello_level(g.settings.level);
    job->ms = std::max<std::int64_t>(50, std::int64_t(double(job->level.ms) * options_.time_scale));
    std::weak_ptr<OthelloJob> weak = job;
    job->on_info = [this, weak](const OthelloSearchInfo& info) {
        if (auto j = weak.lock()) engine_info(j, info);
    };
    job->on_done = [this, weak](Move m, const std::optional<OthelloSearchInfo>& info) {
        if (auto j = weak.lock()) engine_moved(j, m, info);
    };
    e.job = job;
    e.live.reset();
    queue_->submit(std::move(job));
}

void OthelloService::cancel_job(Entry& e) {
    queue_->cancel(e.job);
    e.job.reset();
    e.live.reset();
}

void OthelloService::engine_info(const std::shared_ptr<OthelloJob>& job,
                                 const OthelloSearchInfo& info) {
    Lock lock = table_.lock();
    Entry* e = table_.find(job->game_id);
    if (!e || e->job != job) return;
    e->live = info;
    table_.publish_state(*e);
}

void OthelloService::engine_moved(const std::shared_ptr<OthelloJob>& job, Move m,
                                  const std::optional<OthelloSearchInfo>& info) {
    Lock lock = table_.lock();
    Entry* e = table_.find(job->game_id);
    if (!e || e->job != job) return;  // taken back or deleted meanwhile
    e->job.reset();
    e->live.reset();
    OthelloGame& g = e->game;
    othello::MoveList list;
    g.board().generate(list);
    if (!(g.board() == job->board) || list.empty()) {  // cannot happen: the job is the game's
        table_.publish_state(*e);
        return;
    }
    if (!g.board().is_legal(m)) m = list[0];  // no iteration finished: the first legal move
    g.play(m, now_ms()).search = info;
    start_engine_move(*e);
    try {
        save(*e);
    } catch (const std::exception&) {
        // Kept in memory; the next change saves the whole game again.
    }
    table_.publish_state(*e);
}

Reply OthelloService::info(const Request& r) const {
    return json_reply({{"levels", othello_levels_json()},
                       {"default_level", kOthelloDefaultLevel},
                       {"scoring", "empty squares go to the winner"},
                       {"visitor", {{"owner", loopback_peer(r.peer)}}}});
}

Reply OthelloService::create(const Json& body) {
    if (!body.is_object()) return error_reply(400, "the body must be a JSON object");
    OthelloGame g;
    if (body.contains("mode")) {
        const Json& m = body["mode"];
        if (m == "engine")
            g.mode = OthelloMode::kEngine;
        else if (m == "humans")
            g.mode = OthelloMode::kHumans;
        else
            return error_reply(400, "'mode' must be \"engine\" or \"humans\", not " + m.dump());
    }
    if (body.contains("color")) {
        const Json& c = body["color"];
        if (c == "black")
            g.settings.human = kBlack;
        else if (c == "white")
            g.settings.human = kWhite;
        else if (c == "random")
            g.settings.human = random_hex(1)[0] < '8' ? kBlack : kWhite;
        else
            return error_reply(
                400, "'color' must be \"black\", \"white\" or \"random\", not " + c.dump());
    }
    if (body.contains("level")) {
        const Json& l = body["level"];
        if (!l.is_number_integer() || l.get<std::int64_t>() < 1 ||
            l.get<std::int64_t>() > kOthelloLevels)
            return error_reply(400, "'level' must be a whole number from 1 to " +
                                        std::to_string(kOthelloLevels) + ", not " + l.dump());
        g.settings.level = l.get<int>();
    }
    std::optional<Board> start;
    if (body.contains("start") && !body["start"].is_null()) {
        auto b = board_field(body, "start");
        if (!b)
            return input_error(body["start"].is_string() ? 422 : 400,
                               plain_sentence("The start board could not be read", b.error()));
        start = *b;
    }
    OthelloText parsed;
    if (start) parsed.start = *start;
    if (body.contains("text") && !body["text"].is_null()) {
        if (!body["text"].is_string())
            return error_reply(400, "'text' must be a string: the game's moves, like \"f5d6c3\"");
        auto p = parse_othello_text(body["text"].get<std::string>(), start);
        if (!p) return input_error(422, plain_sentence("The game could not be read", p.error()));
        parsed = std::move(*p);
    }
    g.start(parsed.start);
    const std::int64_t now = now_ms();
    for (const Move m : parsed.moves) g.play(m, 0);  // no thinking time known
    g.id = random_hex(16);
    g.token[kBlack] = random_hex(32);
    g.token[kWhite] = g.mode == OthelloMode::kHumans ? g.token[kBlack] : random_hex(32);
    g.created = now;
    g.turn_started = now;

    Lock lock = table_.lock();
    Entry& e = table_.add(std::move(g));
    Reply r = commit(e, 201);
    const Color seat = e.game.settings.human;
    r.body = {{"game", std::move(r.body)},
              {"seat", e.game.mode == OthelloMode::kHumans ? "both" : othello::color_name(seat)},
              {"token", e.game.token[seat]}};
    return r;
}

Reply OthelloService::list(const Request& r) const {
    ListScope scope;
    if (auto refused = read_list_scope(r, scope)) return std::move(*refused);
    return table_.list([&](const OthelloGame& g) { return scope.shows(g.token); });
}

Reply OthelloService::get(const std::string& id, const std::string& token,
                          const std::string& seat) const {
    return table_.get(id, token, seat);
}

Reply OthelloService::remove(const std::string& id, const std::string& token) {
    return table_.remove(id, token, [this](Entry& e) { cancel_job(e); });
}

Reply OthelloService::move(const std::string& id, const std::string& token, const Json& body) {
    if (!body.is_object() || !body.contains("move") || !body["move"].is_string())
        return error_reply(400, "the body must be {\"move\": \"f5\"} (a square a1-h8, or pass)");
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    OthelloGame& g = e->game;
    const int seats = seats_of(token, g.token);
    if (!seats) return error_reply(403, kNotYourSeat);
    if (g.over()) return error_reply(409, "The game is already over: " + g.result_text() + ".");
    const std::string side(othello::color_name(g.turn()));
    std::string player = side;
    if (!player.empty()) player[0] = char(player[0] - 'a' + 'A');
    if (!holds(seats, g.turn()))
        return error_reply(409, g.engine_plays(g.turn())
                                    ? "It is Kibitz's turn; your move comes after its reply."
                                    : "It is " + player + "'s turn, not yours.");
    const std::string text = body["move"].get<std::string>();
    auto m = othello::parse_move(g.board(), text);
    if (!m) {
        std::string legal;
        othello::MoveList list;
        g.board().generate(list);
        for (const Move l : list) legal += (legal.empty() ? "" : ", ") + othello_move_text(l);
        const std::string why = m.error();
        const std::string said = core::clip(core::trim(text));
        std::string refused = said + " is not a legal move for " + player + " here";
        if (why.find("the square is taken") != std::string::npos)
            refused += ": the square is taken";
        if (why.rfind("pass:", 0) == 0)
            refused = player + " cannot pass while there is a legal move";
        else if (why.find("is not a square") != std::string::npos)
            refused = "'" + said + "' is not a move; write a square like d3, or pass";
        return input_error(422, refused + "; the legal moves are " + legal + ".");
    }
    g.play(*m, now_ms());
    return commit(*e);
}

Reply OthelloService::takeback(const std::string& id, const std::string& token) {
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    OthelloGame& g = e->game;
    if (!seats_of(token, g.token)) return error_reply(403, kNotYourSeat);
    if (g.over())
        return error_reply(409, "The game is over; its moves can no longer be taken back.");
    const auto& moves = g.moves();
    std::size_t keep = moves.size();
    if (g.mode == OthelloMode::kEngine) {
        // Back to before the person's last real move (dropping the engine's replies and any
        // forced passes after it), so that it is the person's turn with a choice again.
        for (std::size_t i = moves.size(); i-- > 0;)
            if (moves[i].color == g.settings.human && !moves[i].move.is_pass()) {
                keep = i;
                break;
            }
        if (keep == moves.size()) return error_reply(409, "You have no move to take back.");
    } else {
        if (moves.empty()) return error_reply(409, "There is no move to take back.");
        keep = moves.size() - 1;
        // Not to a position where the only move is a pass: one move further back.
        while (keep > 0 && g.board_at(keep).must_pass()) --keep;
    }
    cancel_job(*e);
    g.truncate(keep);
    g.turn_started = now_ms();
    return commit(*e);
}

Reply OthelloService::export_text(const std::string& id) const {
    Lock lock = table_.lock();
    const Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Reply r;
    r.text = e->game.export_text();
    r.content_type = "text/plain; charset=utf-8";
    r.filename = "kibitz-othello-" + id + ".txt";
    return r;
}

std::shared_ptr<Stream> OthelloService::open_stream(const std::string& id, int& status) {
    return table_.open_stream(id, status);
}

void OthelloService::close_stream(const std::string& id, const std::shared_ptr<Stream>& s) {
    table_.close_stream(id, s);
}

bool OthelloService::busy() const { return queue_->busy(); }

GameRoutes OthelloService::make_routes() {
    GameRoutes t;
    t.root = "/api/othello";
    t.games = "/api/othello/games";
    t.noun = table_.kind().noun;
    using R = const Request&;
    using I = const std::string&;
    using J = const Json&;
    t.paths = {{"GET", "/api/othello/info", [this](R r, I, J) { return info(r); }}};
    t.collection = {{"GET", "", [this](R r, I, J) { return list(r); }},
                    {"POST", "", [this](R, I, J j) { return create(j); }}};
    t.game = {
        {"GET", "", [this](R r, I id, J) { return get(id, r.token, r.seat); }},
        {"DELETE", "", [this](R r, I id, J) { return remove(id, r.token); }},
        {"GET", "/export", [this](R, I id, J) { return export_text(id); }},
        {"POST", "/move", [this](R r, I id, J j) { return move(id, r.token, j); }},
        {"POST", "/takeback", [this](R r, I id, J) { return takeback(id, r.token); }},
    };
    t.open_stream = [this](I id, int& status) { return open_stream(id, status); };
    t.close_stream = [this](I id, const std::shared_ptr<Stream>& s) { close_stream(id, s); };
    t.hub = &table_.hub();
    return t;
}

}  // namespace kibitz::server
