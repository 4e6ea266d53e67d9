// The suite runner.
#include "engine/epd_suite.h"

#include <algorithm>
#include <sstream>

#include "chess/epd.h"
#include "chess/san.h"
#include "core/files.h"
#include "core/strings.h"
#include "engine/chess_engine.h"

namespace kibitz::engine {

core::Result<std::vector<chess::EpdRecord>> read_epd_file(const std::string& path) {
    const auto text = core::read_file(path, chess::kMaxEpdFileBytes, "EPD file");
    if (!text) return core::error(text.error());
    std::istringstream in(*text);
    std::vector<chess::EpdRecord> records;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const auto text = core::trim(line);
        if (text.empty() || text[0] == '#') continue;
        auto record = chess::parse_epd(text);
        if (!record)
            return core::error(path + ":" + std::to_string(number) + ": " + record.error());
        for (const char* op : {"bm", "am"})
            if (auto moves = chess::epd_moves(*record, op); !moves)
                return core::error(path + ":" + std::to_string(number) + ": " + moves.error());
        records.push_back(std::move(record.value()));
    }
    return records;
}

bool is_scored(const chess::EpdRecord& record) {
    return record.find("bm") != nullptr || record.find("am") != nullptr;
}

void score_position(const chess::EpdRecord& record, int index, chess::Move played,
                    SuiteResult& result, std::ostream& log, const std::string& note) {
    const auto bm = chess::epd_moves(record, "bm").value();
    const auto am = chess::epd_moves(record, "am").value();
    ++result.total;
    const bool good = played != chess::Move{} &&
                      (bm.empty() || std::find(bm.begin(), bm.end(), played) != bm.end()) &&
                      std::find(am.begin(), am.end(), played) == am.end();
    result.solved += good;
    std::string expected;
    for (const auto m : bm)
        expected += (expected.empty() ? "bm " : " ") + chess::move_to_san(record.position, m);
    for (const auto m : am)
        expected += (expected.empty() ? "am " : " am ") + chess::move_to_san(record.position, m);
    const std::string id = record.id().empty() ? "#" + std::to_string(index) : record.id();
    const std::string line =
        id + ": " + (good ? "ok  " : "FAIL") + " played " +
        (played == chess::Move{} ? "none" : chess::move_to_san(record.position, played)) +
        (note.empty() ? "" : " (" + note + ")") + ", " + expected;
    if (!good) result.failures.push_back(line);
    log << line << "   [" << result.solved << "/" << result.total << "]" << std::endl;
}

SuiteResult run_suite(const std::vector<chess::EpdRecord>& records, const SuiteOptions& options,
                      std::ostream& log) {
    SuiteResult result;
    ChessEngine engine;
    engine.set_threads(options.threads);
    engine.set_hash_mb(options.hash_mb);
    chess::Move played{};
    engine.on_bestmove = [&](chess::Move best, chess::Move) { played = best; };
    int index = 0;
    for (const auto& r : records) {
        ++index;
        if (!is_scored(r)) continue;
        played = chess::Move{};
        engine.clear();
        engine.set_position(ChessGame(r.position));
        GoParams go;
        if (options.depth > 0)
            go.depth = options.depth;
        else
            go.movetime = options.movetime_ms + 30;  // the engine subtracts its move overhead
        engine.go(go, r.position.side_to_move());
        engine.wait();
        result.nodes += engine.nodes();
        score_position(r, index, played, result, log);
    }
    return result;
}

}  // namespace kibitz::engine
