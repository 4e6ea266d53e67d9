// EPD parsing.
#include "chess/epd.h"

#include "chess/notation.h"
#include "chess/san.h"
#include "core/strings.h"

namespace kibitz::chess {

const std::vector<std::string>* EpdRecord::find(std::string_view opcode) const {
    for (const auto& [op, operands] : operations)
        if (op == opcode) return &operands;
    return nullptr;
}

std::string EpdRecord::id() const {
    const auto* ops = find("id");
    return ops && !ops->empty() ? ops->front() : std::string();
}

core::Result<EpdRecord> parse_epd(std::string_view line, bool chess960) {
    line = core::trim(line);
    // 1. The position: four fields, then optionally the two counters when they are numbers.
    std::size_t pos = 0;
    std::vector<std::string_view> fields;
    while (fields.size() < 6 && pos < line.size()) {
        while (pos < line.size() && line[pos] == ' ') ++pos;
        const std::size_t end = std::min(line.find(' ', pos), line.size());
        if (pos == end) break;
        const std::string_view word = line.substr(pos, end - pos);
        if (fields.size() >= 4 && !core::parse_int<int>(word)) break;
        fields.push_back(word);
        pos = end;
    }
    if (fields.size() < 4)
        return core::error("EPD line has fewer than 4 position fields: '" + std::string(line) +
                           "'");
    std::string fen;
    for (const auto f : fields) fen += std::string(f) + ' ';
    auto position = Position::from_fen(fen, chess960);
    if (!position) return core::error("EPD " + position.error());
    EpdRecord record{std::move(position.value()), {}};

    // 2. Operations: opcode operand* ';' with "quoted strings".
    std::string_view rest = line.substr(std::min(pos, line.size()));
    while (!(rest = core::trim(rest)).empty()) {
        std::vector<std::string> words;
        std::size_t i = 0;
        while (i < rest.size() && rest[i] != ';') {
            if (rest[i] == ' ' || rest[i] == '\t') {
                ++i;
            } else if (rest[i] == '"') {
                const std::size_t close = rest.find('"', i + 1);
                if (close == std::string_view::npos)
                    return core::error("EPD operation has an unterminated string: '" +
                                       std::string(rest) + "'");
                words.emplace_back(rest.substr(i + 1, close - i - 1));
                i = close + 1;
            } else {
                std::size_t j = i;
                while (j < rest.size() && rest[j] != ' ' && rest[j] != '\t' && rest[j] != ';') ++j;
                words.emplace_back(rest.substr(i, j - i));
                i = j;
            }
        }
        if (!words.empty())
            record.operations.emplace_back(
                words.front(), std::vector<std::string>(words.begin() + 1, words.end()));
        rest = rest.substr(std::min(i + 1, rest.size()));
    }
    return record;
}

core::Result<std::vector<Move>> epd_moves(const EpdRecord& record, std::string_view opcode) {
    std::vector<Move> moves;
    const auto* ops = record.find(opcode);
    if (!ops) return moves;
    for (const auto& text : *ops) {
        auto m = move_from_san(record.position, text);
        if (!m) m = move_from_uci(record.position, text);
        if (!m)
            return core::error("EPD " + std::string(opcode) + " move '" + text +
                               "' is not legal in " + record.position.fen());
        moves.push_back(*m);
    }
    return moves;
}

}  // namespace kibitz::chess
