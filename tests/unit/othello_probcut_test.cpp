// Multi-ProbCut's models for Othello: the shallow depths of both checks, the table file that
// `othello probcut-fit --cpp` writes and `kibitz:models=FILE` reads, and the fit itself.
#include "engine/othello_probcut.h"

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tune/othello_probcut.h"

using namespace kibitz;

namespace othello_probcut_test {

std::string temp_file(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("kibitz-probcut-" + name);
    std::ofstream(path) << text;
    return path.string();
}

// Half and a third of the depth, of the depth's parity, at least 1 and shallower than it.
TEST(OthelloProbCut, ShallowDepths) {
    for (int check : {2, 3})
        for (int d = engine::kProbCutMinDepth; d <= 60; ++d) {
            const int s = engine::probcut_shallow(d, check);
            EXPECT_GE(s, 1) << d;
            EXPECT_LT(s, d) << d;
            EXPECT_EQ((d - s) % 2, 0) << "depth " << d << " check " << check;
            if (check == 2) {
                EXPECT_LE(s, std::max(d / 2, 2)) << d;
            } else {
                EXPECT_GE(s, d / 3) << d;
            }
        }
    // ntest's checks: depths 12 and 14 from 4, 16 to 20 from 6.
    EXPECT_EQ(engine::probcut_shallow(12, 3), 4);
    EXPECT_EQ(engine::probcut_shallow(14, 3), 4);
    EXPECT_EQ(engine::probcut_shallow(18, 3), 6);
    EXPECT_EQ(engine::probcut_shallow(12, 2), 6);
    EXPECT_EQ(engine::probcut_shallow(10, 2), 4);
}

// Past the deepest model, the model of kProbCutMaxDepth with as many plies between the two
// searches; the shallow depth is still the depth's own.
TEST(OthelloProbCut, DeeperSearchesUseTheDeepestModelAsManyPliesApart) {
    engine::ProbCutTable table{};
    table[2][engine::kProbCutMaxDepth][4] = {1.25f, 10, 300};
    search::ProbCutModel model;
    // 16 with check 2: shallow 8, 8 plies apart, the model of (12, 4).
    ASSERT_TRUE(engine::othello_probcut_model(table, 35, 16, model, 2));
    EXPECT_EQ(model.shallow, 8);
    EXPECT_FLOAT_EQ(model.slope, 1.25f);
    EXPECT_FLOAT_EQ(model.sigma, 300);
    EXPECT_FALSE(engine::othello_probcut_model(table, 35, 18, model, 2)) << "(12, 2) is empty";
    EXPECT_FALSE(engine::othello_probcut_model(table, 35, 2, model, 2)) << "too shallow";
    EXPECT_FALSE(engine::othello_probcut_model(table, 55, 16, model, 2)) << "another stage";
}

// The built-in table, written as the fit writes it, reads back the same.
TEST(OthelloProbCut, TableFileReadsBackWhatTheFitWrites) {
    const auto& built_in = engine::othello_probcut_table();
    const auto path =
        temp_file("roundtrip.inc", tune::probcut_table_to_cpp(built_in, "(a unit test)"));
    const auto read = engine::read_probcut_table(path);
    ASSERT_TRUE(read) << read.error();
    int models = 0;
    for (int st = 0; st < engine::kProbCutStages; ++st)
        for (int d = 0; d <= engine::kProbCutMaxDepth; ++d)
            for (int s = 0; s <= engine::kProbCutMaxDepth; ++s) {
                const auto& a = built_in[st][d][s];
                const auto& b = (*read)->table[st][d][s];
                EXPECT_NEAR(a.slope, b.slope, 1e-5 * std::abs(a.slope));
                EXPECT_NEAR(a.offset, b.offset, 1e-4 + 1e-5 * std::abs(a.offset));
                EXPECT_NEAR(a.sigma, b.sigma, 1e-5 * a.sigma);
                models += a.sigma > 0;
            }
    EXPECT_GT(models, 30);
    std::filesystem::remove(path);
}

TEST(OthelloProbCut, TableFileErrorsNameTheFileAndLine) {
    const auto missing = engine::read_probcut_table("/nonexistent/models.inc");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("/nonexistent/models.inc"), std::string::npos);

    const std::string good = tune::probcut_table_to_cpp(engine::othello_probcut_table(), "(t)");
    struct Case {
        std::string name, text, says;
    };
    std::size_t at = good.find("\n{");  // past the comment: the first model with numbers
    while (at + 1 < good.size() &&
           !(good[at] == '{' &&
             (std::isdigit(static_cast<unsigned char>(good[at + 1])) || good[at + 1] == '-')))
        ++at;
    const std::string first_model = good.substr(0, at);
    // Cut in the middle, inside a model just after a comma: the file ends where a number is
    // expected.
    std::size_t cut = good.size() / 2;
    while (cut > 2 && !(good.compare(cut - 2, 2, ", ") == 0 &&
                        (std::isdigit(static_cast<unsigned char>(good[cut])) || good[cut] == '-')))
        --cut;
    const std::string half = good.substr(0, cut);
    const Case cases[] = {
        {"empty", "", "the file ends"},
        {"cut", half, "the file ends where a number is expected"},
        {"cut model", first_model + "{1, ", "the file ends where a number is expected"},
        {"word", first_model + "{slope, 1, 2}", "a number is expected"},
        {"slope", first_model + "{0, 1, 2}", "positive slope"},
        {"sigma", first_model + "{1, 1, -2}", "positive slope and a sigma of 0 or more"},
        {"four", first_model + "{1, 1, 2, 3}", "a model is {slope, offset, sigma}"},
        {"extra", good + "{}\n", "more than 6 stages"},
    };
    for (const Case& c : cases) {
        const auto path = temp_file(c.name, c.text);
        const auto read = engine::read_probcut_table(path);
        ASSERT_FALSE(read) << c.name;
        EXPECT_NE(read.error().find(path), std::string::npos) << read.error();
        EXPECT_NE(read.error().find(c.says), std::string::npos) << c.name << ": " << read.error();
        if (c.name != "empty") {
            EXPECT_NE(read.error().find("line "), std::string::npos) << read.error();
        }
        std::filesystem::remove(path);
    }
}

// A small fit: every pair of depths of the fitted stages has a model, deeper depths take the
// deepest one's as many plies apart, the solver's stage has none.
TEST(OthelloProbCut, FitModelsEveryPairOfDepths) {
    tune::ProbCutFitOptions options;
    options.positions = 20;
    options.max_depth = 4;
    engine::ProbCutTable table;
    std::ostringstream log;
    const auto report = tune::fit_othello_probcut(options, table, log);
    EXPECT_GE(report.positions, 5 * 20);
    for (int st = 0; st + 1 < engine::kProbCutStages; ++st) {
        for (int d = engine::kProbCutMinDepth; d <= 4; ++d)
            for (int s = 1; s < d; ++s) {
                EXPECT_GT(table[st][d][s].sigma, 0) << st << " " << d << " " << s;
                EXPECT_EQ(report.samples[st][d][s], 20);
            }
        EXPECT_EQ(table[st][6][4].sigma, table[st][4][2].sigma);
        EXPECT_EQ(table[st][6][3].slope, table[st][4][1].slope);
        EXPECT_EQ(table[st][6][2].sigma, 0) << "no depth-0 model";
    }
    EXPECT_EQ(table[engine::kProbCutStages - 1][4][2].sigma, 0);
}

}  // namespace othello_probcut_test
