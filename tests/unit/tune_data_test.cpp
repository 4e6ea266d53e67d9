// The datagen file format: positions survive pack/unpack, files resume at whole records, and
// labelled EPD lines in the usual styles are read with their results; bad input is named.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "core/rng.h"
#include "tune/data.h"
#include "tune/datagen.h"
#include "tune/selfplay.h"

namespace kibitz::tune {
namespace {

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("kibitz_" + std::to_string(::getpid()) + "_" + name))
        .string();
}

TEST(TuneData, PackUnpackKeepsEveryField) {
    const char* fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/4k3/8/2K5/8/8/7R b - - 37 90",
        "r3k3/8/8/8/8/8/8/4K2R w Kq - 5 20",
    };
    for (const char* fen : fens) {
        const auto pos = chess::Position::from_fen(fen).value();
        for (const Result result : {0.0, 0.5, 1.0}) {
            const auto u = unpack(pack(pos, result, -123));
            ASSERT_TRUE(u.ok()) << fen;
            EXPECT_EQ(u->pos.fen(), pos.fen());
            EXPECT_EQ(u->result, result);
            EXPECT_EQ(u->score_white, -123);
        }
    }
}

TEST(TuneData, RandomGamesRoundTrip) {
    core::SplitMix64 rng(7);
    for (int game = 0; game < 20; ++game) {
        const auto pos = random_opening(int(rng.below(60)), rng);
        const auto u = unpack(pack(pos, 0.5, 40000));
        ASSERT_TRUE(u.ok());
        EXPECT_EQ(u->pos.fen(), pos.fen());
        EXPECT_EQ(u->score_white, 32000);  // clamped
    }
}

TEST(TuneData, BadRecordsAreErrors) {
    Record r = pack(chess::Position::from_fen(chess::kStartFen).value(), 1.0, 0);
    Record bad_piece = r;
    bad_piece[8] = 0xDD;  // piece code 13
    EXPECT_FALSE(unpack(bad_piece).ok());
    Record bad_result = r;
    bad_result[27] = 7;
    EXPECT_FALSE(unpack(bad_result).ok());
}

TEST(TuneData, WriterCreatesResumesAndCutsPartialRecords) {
    const std::string path = temp_path("data_test.bin");
    std::filesystem::remove(path);
    const auto pos = chess::Position::from_fen(chess::kStartFen).value();
    const std::vector<Record> three(3, pack(pos, 1.0, 10));
    {
        DataWriter w;
        ASSERT_TRUE(w.open(path).ok());
        ASSERT_TRUE(w.append(three.data(), three.size()).ok());
        EXPECT_EQ(w.count(), 3u);
    }
    {  // a run killed in the middle of a record
        std::ofstream out(path, std::ios::binary | std::ios::app);
        out << "half";
    }
    EXPECT_EQ(count_records(path).value(), 3u);
    {
        DataWriter w;
        ASSERT_TRUE(w.open(path).ok());
        EXPECT_EQ(w.count(), 3u);
        ASSERT_TRUE(w.append(three.data(), 1).ok());
    }
    EXPECT_EQ(std::filesystem::file_size(path), std::uintmax_t(kHeaderSize + 4 * kRecordSize));
    int seen = 0;
    ASSERT_TRUE(read_labelled(path, [&](const chess::Position& p, Result r, std::optional<int> s) {
                    ++seen;
                    EXPECT_EQ(p.fen(), pos.fen());
                    EXPECT_EQ(r, 1.0);
                    EXPECT_EQ(s, 10);
                }).ok());
    EXPECT_EQ(seen, 4);
    std::filesystem::remove(path);
}

// Games are written in the order they were started, so threads (and MPI ranks, tests/mpi)
// change nothing in the file; a second run extends it with new games.
TEST(TuneData, DatagenWritesTheSameFileForAnyNumberOfThreads) {
    std::vector<std::string> files;
    for (const int threads : {1, 3}) {
        DatagenOptions o;
        o.out = temp_path("datagen_threads_" + std::to_string(threads) + ".bin");
        std::filesystem::remove(o.out);
        o.positions = 240;
        o.threads = threads;
        o.play.nodes = 150;
        o.hash_mb = 1;
        o.seed = 3;
        std::ostringstream log;
        const auto report = run_datagen(o, log, nullptr);
        ASSERT_TRUE(report.ok()) << report.error();
        EXPECT_EQ(report->positions, 240u);
        o.positions = 400;
        ASSERT_TRUE(run_datagen(o, log, nullptr).ok());
        EXPECT_NE(log.str().find("resuming"), std::string::npos);
        files.push_back(o.out);
    }
    std::ifstream a(files[0], std::ios::binary), b(files[1], std::ios::binary);
    const std::string first((std::istreambuf_iterator<char>(a)), {});
    const std::string second((std::istreambuf_iterator<char>(b)), {});
    EXPECT_EQ(first.size(), std::size_t(kHeaderSize + 400 * kRecordSize));
    EXPECT_TRUE(first == second) << "the files of 1 and 3 threads differ";
    for (const auto& f : files) std::filesystem::remove(f);
}

TEST(TuneData, ReadsLabelledEpdStyles) {
    const std::string path = temp_path("labelled.epd");
    {
        std::ofstream out(path);
        out << "# comment\n"
            << "rn3r2/4ppkp/pp4p1/8/3N4/1P4P1/P3PPKP/R4R2 w - - c9 \"1-0\";\n"
            << "8/8/4k3/8/2K5/8/8/7R b - - [0.5]\n"
            << "8/8/4k3/8/2K5/8/8/7R w - - 0 1 c9 \"0-1\";\n";
    }
    std::vector<Result> results;
    ASSERT_TRUE(read_labelled(path, [&](const chess::Position&, Result r, std::optional<int> s) {
                    results.push_back(r);
                    EXPECT_FALSE(s.has_value());
                }).ok());
    EXPECT_EQ(results, (std::vector<Result>{1.0, 0.5, 0.0}));
    {
        std::ofstream out(path);
        out << "8/8/4k3/8/2K5/8/8/7R w - - bm Rh6;\n";
    }
    const auto s = read_labelled(path, [](const chess::Position&, Result, std::optional<int>) {});
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("line 1"), std::string::npos) << s.error();
    EXPECT_NE(s.error().find("no game result"), std::string::npos) << s.error();
    std::filesystem::remove(path);
    EXPECT_FALSE(
        read_labelled(path, [](const chess::Position&, Result, std::optional<int>) {}).ok());
}

}  // namespace
}  // namespace kibitz::tune
