// Weight files: JSON round trip, the errors that name the bad entry, the C++ defaults form, the
// UCI option WeightsFile, and the built-in defaults matching default_weights.inc's layout.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "eval/weights_io.h"
#include "uci/session.h"

namespace kibitz::eval {
namespace {

std::string temp_file(const std::string& name, const std::string& text) {
    const auto path = (std::filesystem::temp_directory_path() /
                       ("kibitz_w_" + std::to_string(::getpid()) + "_" + name))
                          .string();
    std::ofstream(path) << text;
    return path;
}

TEST(WeightsIo, JsonRoundTrip) {
    Weights w = hand_weights();
    w.material[2] = {333, -7};
    w.king_danger[39] = {-999, 12};
    const auto back = weights_from_json(weights_to_json(w));
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_TRUE(*back == w);
}

TEST(WeightsIo, MissingNamesKeepDefaultsAndErrorsNameTheEntry) {
    const auto partial = weights_from_json(
        R"({"format": "kibitz-weights", "version": 1, "weights": {"tempo": [1, 2]}})");
    ASSERT_TRUE(partial.ok());
    EXPECT_EQ(partial->tempo, (Pair{1, 2}));
    EXPECT_EQ(partial->material[3], default_weights().material[3]);

    const auto expect_error = [](const std::string& text, const std::string& needle) {
        const auto w = weights_from_json(text);
        ASSERT_FALSE(w.ok()) << text;
        EXPECT_NE(w.error().find(needle), std::string::npos) << w.error();
    };
    expect_error("{", "not valid JSON");
    expect_error(R"({"weights": {}})", "format");
    expect_error(R"({"format": "kibitz-weights", "weights": {"nosuch.weight": [1, 2]}})",
                 "nosuch.weight");
    expect_error(R"({"format": "kibitz-weights", "weights": {"tempo": [1]}})", "tempo");
    expect_error(R"({"format": "kibitz-weights", "weights": {"tempo": [1, 2.5]}})", "tempo");
    expect_error(R"({"format": "kibitz-weights", "weights": {"tempo": [1, 1000000000]}})", "range");
}

TEST(WeightsIo, LoadsJsonAndTextFilesAndNamesBadFiles) {
    Weights w = default_weights();
    w.bishop_pair = {11, 22};
    const auto json = load_weights(temp_file("a.json", weights_to_json(w)));
    ASSERT_TRUE(json.ok()) << json.error();
    EXPECT_EQ(json->bishop_pair, (Pair{11, 22}));
    const auto text = load_weights(temp_file("a.txt", "bishop.pair 5 6\n"));
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(text->bishop_pair, (Pair{5, 6}));
    const auto bad = load_weights(temp_file("bad.json", "{ nope"));
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("bad.json"), std::string::npos) << bad.error();
    EXPECT_FALSE(load_weights("/nonexistent/weights.json").ok());
}

TEST(WeightsIo, CppFormHasOneLinePerWeightInOrder) {
    const std::string cpp = weights_to_cpp(default_weights(), "test");
    std::istringstream in(cpp);
    std::string line;
    int entries = 0;
    while (std::getline(in, line))
        if (!line.empty() && line[0] == '{') ++entries;
    EXPECT_EQ(entries, kParamCount);
    std::string pawn = "{";
    pawn += std::to_string(default_weights().material[0].mg);
    pawn += ", ";
    pawn += std::to_string(default_weights().material[0].eg);
    pawn += "},  // material.pawn\n";
    EXPECT_NE(cpp.find(pawn), std::string::npos);
}

TEST(WeightsIo, UciWeightsFileChangesTheEvaluationAndRejectsBadFiles) {
    std::ostringstream out;
    uci::Session s(out);
    s.handle("eval");
    const std::string before = out.str();
    Weights w = default_weights();
    w.tempo = {500, 500};
    const std::string path = temp_file("uci.json", weights_to_json(w));
    s.handle("setoption name WeightsFile value " + path);
    out.str("");
    s.handle("eval");
    EXPECT_NE(out.str(), before);
    EXPECT_NE(out.str().find("500"), std::string::npos) << out.str();
    out.str("");
    s.handle("setoption name WeightsFile value /nonexistent/w.json");
    EXPECT_NE(out.str().find("info string error"), std::string::npos);
    EXPECT_NE(out.str().find("/nonexistent/w.json"), std::string::npos);
    out.str("");
    s.handle("uci");
    EXPECT_NE(out.str().find("option name WeightsFile type string default <empty>"),
              std::string::npos);
}

}  // namespace
}  // namespace kibitz::eval
