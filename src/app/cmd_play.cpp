// kibitz play: the web app (src/server/) on http://127.0.0.1:8080 by default.
#include <pthread.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <thread>

#include "app/commands.h"
#include "book/book.h"
#include "core/memory.h"
#include "server/http_server.h"
#include "tb/tables.h"

namespace {

namespace fs = std::filesystem;

// $XDG_DATA_HOME/kibitz/games.db, else ~/.local/share/kibitz/games.db.
std::string default_db() {
    fs::path dir;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        dir = fs::path(xdg) / "kibitz";
    else if (const char* home = std::getenv("HOME"); home && *home)
        dir = fs::path(home) / ".local" / "share" / "kibitz";
    else
        dir = "kibitz-data";
    return (dir / "games.db").string();
}

// The folder `name` of the source tree this binary was built from, or beside the binary.
std::string source_dir(const std::string& name) {
    const fs::path built = fs::path(KIBITZ_SOURCE_DIR) / name;
    if (fs::exists(built)) return built.string();
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? name : (exe.parent_path().parent_path() / name).string();
}

struct PlayOptions {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::string db;
    std::string web;
    std::vector<std::string> allow_hosts;
    int engines = 2;
    int hash = 32;
    std::string book;  // "" with book_given false: the default book
    bool book_given = false;
    bool no_book = false;
    std::string tables;  // "" with tables_given false: the default tables, if any
    bool tables_given = false;
    std::string gaviota;
    std::string syzygy;
    std::string puzzles;                // "": the bundled data/puzzles/puzzles.csv
    kibitz::server::HttpLimits limits;  // the per-client limits can be set (docs/api.md)
};

// The book the engine plays from: --book, else the default one (if built), none with --no-book.
std::string book_file(const PlayOptions& o) {
    if (o.no_book) return "";
    return o.book_given ? o.book : kibitz::book::default_book_path();
}

// Own endgame tables: --tables, else tb/ next to the executable when it holds tables.
std::string tables_dir(const PlayOptions& o) {
    return o.tables_given ? o.tables : kibitz::tb::default_dir_with_tables();
}

int run_play(const PlayOptions& o) {
    using namespace kibitz::server;
    // Every engine's table is allocated at the start: tables the memory cannot hold are refused
    // by name here, instead of being cut to the default size without a word.
    const std::size_t tables_mb = std::size_t(o.hash) * std::size_t(o.engines);
    if (const auto available = kibitz::core::available_memory_mb(); tables_mb > available)
        throw std::runtime_error("--hash " + std::to_string(o.hash) + " with --engines " +
                                 std::to_string(o.engines) + ": the tables take " +
                                 std::to_string(tables_mb) + " MB, but only " +
                                 std::to_string(available) + " MB of memory are available");

    const std::string db = o.db.empty() ? default_db() : o.db;
    if (db != ":memory:") {
        std::error_code ec;
        const fs::path parent = fs::path(db).parent_path();
        if (!parent.empty()) fs::create_directories(parent, ec);
        if (ec) throw std::runtime_error("cannot create " + parent.string() + ": " + ec.message());
    }
    auto store = Store::open(db);
    if (!store) throw std::runtime_error(store.error());

    // Ctrl-C and SIGTERM end the server cleanly: blocked here, awaited by one thread.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    Service::Options so;
    so.engines = o.engines;
    so.hash_mb = std::size_t(o.hash);
    so.version = KIBITZ_VERSION;
    so.book = book_file(o);
    so.tables = tables_dir(o);
    so.gaviota = o.gaviota;
    so.syzygy = o.syzygy;
    so.puzzles = o.puzzles.empty() ? source_dir("data") + "/puzzles/puzzles.csv" : o.puzzles;
    Service service(std::move(*store), so);
    for (const auto& p : service.load_problems()) std::cerr << "kibitz play: " << p << '\n';
    if (!service.puzzles().problem().empty())
        std::cerr << "kibitz play: puzzles: " << service.puzzles().problem() << '\n';

    HttpOptions ho;
    ho.host = o.host;
    ho.port = o.port;
    ho.web_dir = o.web.empty() ? source_dir("web") : o.web;
    ho.chessground_dir = source_dir("node_modules/chessground");
    ho.allowed_hosts = o.allow_hosts;
    ho.limits = o.limits;
    HttpServer http(service, ho);
    const auto port = http.bind();
    if (!port) throw std::runtime_error(port.error());

    std::atomic<bool> signalled{false};
    std::thread waiter([&] {
        int sig = 0;
        sigwait(&signals, &sig);
        signalled = true;
        http.stop();
    });
    const std::string shown = o.host == "0.0.0.0" ? "127.0.0.1" : o.host;
    std::cout << "Kibitz is running at http://" << shown << ":" << *port << "/\n"
              << "  games are saved in " << db << "\n";
    const Json info = service.info(Request{}).body;
    if (info["book"].is_object())
        std::cout << "  opening book: " << info["book"]["file"].get<std::string>() << " ("
                  << info["book"]["entries"] << " entries)\n";
    if (service.puzzles().size() > 0)
        std::cout << "  puzzles: " << service.puzzles().size() << " from " << so.puzzles << "\n";
    if (const Json& tb = info["tablebases"]; tb["max_men"] > 0)
        std::cout << "  endgame tables: up to " << tb["max_men"] << " men\n";
    if (const Json& tb = info["tablebases"]; tb["syzygy"].is_string())
        std::cout << "  Syzygy tables: " << tb["syzygy"].get<std::string>() << "\n";
    if (o.host == "0.0.0.0")
        std::cout << "  listening on every network interface: others reach it at this "
                     "machine's address, port "
                  << *port << "\n";
    std::cout << "  press Ctrl-C to stop" << std::endl;
    http.run();
    // run() also ends when the socket fails; wake the waiter so that it can be joined.
    if (!signalled) pthread_kill(waiter.native_handle(), SIGTERM);
    waiter.join();
    std::cout << "kibitz play: stopped" << std::endl;
    return 0;
}

}  // namespace

void register_play(CLI::App& app) {
    auto options = std::make_shared<PlayOptions>();
    auto* cmd = app.add_subcommand("play", "The web app: play, analyse and review in the browser");
    cmd->add_option("--port", options->port, "TCP port (0: any free port)")
        ->check(CLI::Range(0, 65535));
    cmd->add_option("--host", options->host, "Address to listen on (0.0.0.0: the whole network)");
    cmd->add_option("--db", options->db,
                    "SQLite database of the games (default $XDG_DATA_HOME/kibitz/games.db or "
                    "~/.local/share/kibitz/games.db)");
    cmd->add_option("--web", options->web, "Folder of the web app (default: the source's web/)");
    cmd->add_option("--allow-host", options->allow_hosts,
                    "Host name to accept besides IP addresses and localhost (repeatable)");
    cmd->add_option("--engines", options->engines, "Engines searching at once")
        ->check(CLI::Range(1, 64));
    cmd->add_option("--hash", options->hash, "Hash table per engine in MB")
        ->check(CLI::Range(1, 4096));
    auto* book = cmd->add_option("--book", options->book,
                                 "Polyglot opening book the engine plays from (default: book.bin "
                                 "next to the executable)");
    cmd->add_flag("--no-book", options->no_book, "Play without an opening book")->excludes(book);
    auto* tables = cmd->add_option("--tables", options->tables,
                                   "Folder of Kibitz's endgame tables (default: tb/ next to the "
                                   "executable, when it holds tables; \"\" for none)");
    cmd->add_option("--gaviota", options->gaviota,
                    "Gaviota endgame tables: folders separated by ';' (e.g. "
                    "/usr/share/gaviotatb/gtb4)");
    cmd->add_option("--syzygy", options->syzygy,
                    "Syzygy endgame tables (.rtbw/.rtbz): folders separated by ':'");
    cmd->add_option("--puzzles", options->puzzles,
                    "Puzzle CSV of the puzzle mode, with the columns PuzzleId, FEN, Moves, "
                    "Rating and Themes (default: the source's data/puzzles/puzzles.csv)");
    kibitz::server::HttpLimits& limits = options->limits;
    cmd->add_option("--max-streams-per-client", limits.max_streams_per_client,
                    "Event streams one address may hold open (default " +
                        std::to_string(limits.max_streams_per_client) + "; " +
                        std::to_string(limits.max_streams) + " in all)")
        ->check(CLI::Range(1, limits.max_streams));
    cmd->add_option("--max-connections-per-client", limits.max_connections_per_client,
                    "Connections one address may hold open, its streams included (default " +
                        std::to_string(limits.max_connections_per_client) + "; " +
                        std::to_string(limits.workers) + " workers in all)")
        ->check(CLI::Range(1, limits.workers));
    cmd->callback([options, book, tables] {
        options->book_given = book->count() > 0;
        options->tables_given = tables->count() > 0;
        const int status = run_play(*options);
        if (status != 0) throw CLI::RuntimeError(status);
    });
}
