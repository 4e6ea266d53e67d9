// The explanations of the web app: requests are checked on their own thread (a bad FEN or move is
// a 400 at once), then queued for the workers; each worker explains with a fresh Explainer, so
// that an answer is the one `kibitz explain` gives and does not depend on earlier requests.
#include "server/explain_service.h"

#include <atomic>
#include <exception>
#include <future>

#include "chess/notation.h"
#include "chess/san.h"
#include "core/strings.h"
#include "eval/chess_eval.h"
#include "explain/explain.h"

namespace kibitz::server {

struct ExplainService::Task {
    chess::Position before;  // before `previous` (unused without it)
    chess::Position pos;     // where `move` is played
    chess::Move previous = chess::Move::none();
    chess::Move move;
    std::promise<Json> answer;
    std::atomic<bool> abandoned{false};  // its request gave up waiting: not computed
};

namespace {

const char* const kBusy = "The server is busy explaining other moves; try again in a moment.";

// The move `text` (UCI, else SAN) in pos; the error names the move and why it was refused.
core::Result<chess::Move> read_move(const chess::Position& pos, const std::string& text) {
    if (auto m = chess::move_from_uci(pos, text)) return m;
    return chess::move_from_san(pos, text);
}

// A string field of the body; the error says what it must be.
core::Result<std::string> text_field(const Json& body, const char* key, const char* what,
                                     bool required) {
    const auto it = body.find(key);
    if (it == body.end() || it->is_null()) {
        if (required) return core::error(std::string("'") + key + "' is missing: " + what);
        return std::string();
    }
    if (!it->is_string())
        return core::error(std::string("'") + key + "' must be a string: " + what);
    return it->get<std::string>();
}

// The SAN of a line of UCI moves from pos (it stops at a move that is not legal there).
Json san_of(chess::Position pos, const std::vector<std::string>& uci) {
    Json out = Json::array();
    for (const auto& text : uci) {
        const auto m = chess::move_from_uci(pos, text);
        if (!m) break;
        out.push_back(chess::move_to_san(pos, *m));
        pos.make(*m);
    }
    return out;
}

}  // namespace

ExplainService::ExplainService(Options options) : options_(options) {
    for (int i = 0; i < options_.workers; ++i) threads_.emplace_back([this] { work(); });
}

ExplainService::~ExplainService() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        quit_ = true;
    }
    ready_.notify_all();
    for (auto& t : threads_) t.join();
}

void ExplainService::hold(bool on) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        held_ = on;
    }
    ready_.notify_all();
}

std::size_t ExplainService::waiting() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return queue_.size();
}

void ExplainService::work() {
    for (;;) {
        std::shared_ptr<Task> task;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            ready_.wait(lock, [&] { return quit_ || (!held_ && !queue_.empty()); });
            if (quit_) return;
            task = std::move(queue_.front());
            queue_.pop_front();
        }
        if (task->abandoned) continue;
        try {
            explain::Options o;
            o.search = options_.search;
            explain::Explainer explainer(o);
            const bool after = task->previous != chess::Move::none();
            const auto e = explainer.explain(task->pos, task->move, after ? &task->before : nullptr,
                                             task->previous);
            Json body = explain::to_json(e);
            body["fen"] = task->pos.fen();
            body["best_san"] = e.best_san;
            body["score"] = e.score;  // centipawns, mover's view (mates beyond 30000)
            body["best_score"] = e.best_score;
            body["line_san"] = san_of(task->pos, e.line);
            body["best_line_san"] = san_of(task->pos, e.best_line);
            task->answer.set_value(std::move(body));
        } catch (...) {
            task->answer.set_exception(std::current_exception());
        }
    }
}

Reply ExplainService::explain(const Json& body) {
    // 1. The request, checked here: every mistake is a 400 that names it.
    if (!body.is_object())
        return error_reply(400, "the body must be a JSON object: {\"fen\": ..., \"move\": ...}");
    const auto fen = text_field(body, "fen", "the FEN of the position the move is played in", true);
    if (!fen) return error_reply(400, fen.error());
    const auto move =
        text_field(body, "move", "the move to explain, in UCI (e2e4) or SAN (e4)", true);
    if (!move) return error_reply(400, move.error());
    const auto previous = text_field(
        body, "previous", "the opponent's last move, in UCI or SAN, played first", false);
    if (!previous) return error_reply(400, previous.error());
    bool chess960 = false;
    if (const auto it = body.find("chess960"); it != body.end() && !it->is_null()) {
        if (!it->is_boolean()) return error_reply(400, "'chess960' must be true or false");
        chess960 = it->get<bool>();
    }
    auto start = chess::Position::from_fen(*fen, chess960);
    if (!start) return error_reply(400, "FEN '" + core::clip(*fen) + "': " + start.error());
    auto task = std::make_shared<Task>();
    task->before = *start;
    task->pos = *start;
    if (!previous->empty()) {
        const auto p = read_move(*start, *previous);
        if (!p) return error_reply(400, "'previous': " + p.error());
        task->previous = *p;
        task->pos.make(*p);
    }
    const auto m = read_move(task->pos, *move);
    if (!m) return error_reply(400, "'move': " + m.error());
    task->move = *m;

    // 2. Queued for a worker, or 503 when the queue is full; the answer is awaited so long.
    auto answer = task->answer.get_future();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (queue_.size() >= options_.max_waiting || threads_.empty())
            return error_reply(503, kBusy);
        queue_.push_back(task);
    }
    ready_.notify_one();
    if (answer.wait_for(options_.wait) != std::future_status::ready) {
        task->abandoned = true;
        return error_reply(503,
                           "The explanation took too long; the server is busy, try again "
                           "in a moment.");
    }
    try {
        return json_reply(answer.get());
    } catch (const std::exception& e) {
        return error_reply(500, std::string("the explanation failed: ") + e.what());
    }
}

Reply ExplainService::eval(const std::string& fen) const {
    if (fen.empty()) return error_reply(400, "'fen' is missing: GET /api/eval?fen=FEN");
    const auto pos = chess::Position::from_fen(fen);
    if (!pos) return error_reply(400, "FEN '" + core::clip(fen) + "': " + pos.error());
    const eval::EvalTerms t = eval::eval_terms(*pos, eval::default_weights());
    Json terms = Json::array();
    int white = 0, black = 0;
    for (const auto& term : t.terms) {
        const int w = t.value(term, chess::kWhite), b = t.value(term, chess::kBlack);
        white += w;
        black += b;
        terms.push_back({{"term", term.key}, {"title", term.title}, {"white", w}, {"black", b}});
    }
    const int score = t.side_to_move == chess::kWhite ? t.score : -t.score;
    return json_reply({{"fen", pos->fen()},
                       {"terms", terms},
                       {"total", {{"white", white}, {"black", black}}},
                       {"phase", t.phase},
                       {"phase_max", eval::kPhaseMax},
                       {"score", score}});
}

std::optional<Reply> ExplainService::route(const Request& r, const Json& body) {
    if (r.path == "/api/explain") {
        if (r.method != "POST") return error_reply(405, r.method + " is not allowed on " + r.path);
        return explain(body);
    }
    if (r.path == "/api/eval") {
        if (r.method != "GET") return error_reply(405, r.method + " is not allowed on " + r.path);
        return eval(r.fen);
    }
    return std::nullopt;
}

}  // namespace kibitz::server
