#include "engine/othello_probcut.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "core/files.h"

namespace kibitz::engine {

const ProbCutTable& othello_probcut_table() {
    // Written by `kibitz othello probcut-fit --cpp`; all zeros means no model (no cuts).
    static const ProbCutTable table = {
#include "engine/othello_probcut.inc"
    };
    return table;
}

namespace {

// Reads the brace lists of a models file: `{` stage `{` depth `{` `{}` or `{slope, offset,
// sigma}` ... `}` ... `}` ..., commas and white space between them, `//` comments to the line's
// end.
class ModelsParser {
public:
    explicit ModelsParser(const std::string& text) : text_(text) {}

    core::Status parse(ProbCutTable& table) {
        for (auto& stage : table) {
            if (auto s = open(); !s) return s;
            for (auto& depth : stage) {
                if (auto s = open(); !s) return s;
                for (auto& fit : depth)
                    if (auto s = entry(fit); !s) return s;
                if (auto s = close(); !s) return s;
            }
            if (auto s = close(); !s) return s;
        }
        skip();
        if (pos_ < text_.size())
            return fail("more than " + std::to_string(kProbCutStages) +
                        " stages, or something after the last one");
        return core::Done{};
    }

private:
    void skip() {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
                while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
            } else if (std::isspace(static_cast<unsigned char>(c)) || c == ',') {
                ++pos_;
            } else {
                return;
            }
        }
    }
    int line() const {
        int n = 1;
        for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) n += text_[i] == '\n';
        return n;
    }
    core::Status fail(const std::string& what) const {
        return core::error("line " + std::to_string(line()) + ": " + what);
    }
    core::Status expect(char c, const char* what) {
        skip();
        if (pos_ >= text_.size()) return fail(std::string("the file ends where ") + what);
        if (text_[pos_] != c) return fail(std::string(what) + ", not '" + text_[pos_] + "'");
        ++pos_;
        return core::Done{};
    }
    core::Status open() { return expect('{', "a '{' is expected"); }
    core::Status close() {
        return expect('}', "a '}' is expected (13 depths of 13 models each, by stage)");
    }
    core::Status number(float& out) {
        skip();
        if (pos_ >= text_.size()) return fail("the file ends where a number is expected");
        const char* begin = text_.c_str() + pos_;
        char* end = nullptr;
        const double v = std::strtod(begin, &end);
        if (end == begin || !std::isfinite(v)) return fail("a number is expected");
        pos_ += std::size_t(end - begin);
        out = float(v);
        return core::Done{};
    }
    core::Status entry(ProbCutFit& fit) {
        if (auto s = open(); !s) return s;
        skip();
        fit = ProbCutFit{};
        if (pos_ < text_.size() && text_[pos_] == '}') {  // {}: no model
            ++pos_;
            return core::Done{};
        }
        for (float* v : {&fit.slope, &fit.offset, &fit.sigma})
            if (auto s = number(*v); !s) return s;
        if (fit.sigma < 0 || (fit.sigma > 0 && fit.slope <= 0))
            return fail("a model needs a positive slope and a sigma of 0 or more");
        return expect('}', "a model is {slope, offset, sigma}");
    }

    const std::string& text_;
    std::size_t pos_ = 0;
};

}  // namespace

core::Result<std::shared_ptr<const ProbCutModels>> read_probcut_table(const std::string& path) {
    const auto text = core::read_file(path, std::uint64_t(1) << 20, "ProbCut models file");
    if (!text) return core::error(text.error());
    auto models = std::make_shared<ProbCutModels>();
    if (auto s = ModelsParser(*text).parse(models->table); !s)
        return core::error("ProbCut models file '" + path + "', " + s.error());
    return std::shared_ptr<const ProbCutModels>(std::move(models));
}

}  // namespace kibitz::engine
