#include "engine/opening_book.h"

namespace kibitz::engine {

core::Status OpeningBook::load(const std::string& path) {
    if (path.empty()) {
        book_.reset();
        path_.clear();
        return core::Done{};
    }
    auto book = book::Book::load(path);
    if (!book) return core::error(book.error());
    book_ = std::make_shared<const book::Book>(std::move(*book));
    path_ = path;
    return core::Done{};
}

std::optional<chess::Move> OpeningBook::pick(const chess::Position& pos) {
    if (!enabled || !book_ || pos.fullmove_number() > max_moves) return std::nullopt;
    return book_->choose(pos, best_only ? book::Choice::kBest : book::Choice::kWeighted,
                         rng_.next());
}

std::vector<book::Candidate> OpeningBook::candidates(const chess::Position& pos) const {
    if (!book_) return {};
    return book_->probe(pos);
}

}  // namespace kibitz::engine
