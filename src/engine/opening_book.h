// The opening book an engine plays from: a Polyglot book, used for the first moves of a game.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "book/book.h"
#include "chess/position.h"
#include "core/result.h"
#include "core/rng.h"

namespace kibitz::engine {

class OpeningBook {
public:
    // The book file ("" = none). The error names the file and what is wrong with it; the book
    // in use before stays.
    core::Status load(const std::string& path);
    const std::string& path() const { return path_; }
    bool loaded() const { return book_ != nullptr; }

    // Whether the engine plays from the book at all (UCI OwnBook), up to which move of the
    // game (BookDepth), and whether it always takes the highest weight instead of a move
    // drawn in proportion to the weights (BookBestMove).
    bool enabled = false;
    int max_moves = 20;
    bool best_only = false;
    void seed(std::uint64_t s) { rng_ = core::SplitMix64(s); }

    // The book's move for pos when the book is enabled, loaded and within max_moves.
    std::optional<chess::Move> pick(const chess::Position& pos);

    // Every book move of pos (whether or not the engine would play one), highest weight first.
    std::vector<book::Candidate> candidates(const chess::Position& pos) const;

private:
    std::shared_ptr<const book::Book> book_;
    std::string path_;
    core::SplitMix64 rng_{0x6b6962697a};
};

}  // namespace kibitz::engine
