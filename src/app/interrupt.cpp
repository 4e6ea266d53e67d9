// The SIGINT handler of the long commands.
#include "app/interrupt.h"

#include <csignal>

namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_interrupt(int) {
    g_stop.store(true);
    std::signal(SIGINT, SIG_DFL);
}

}  // namespace

StopOnInterrupt::StopOnInterrupt() {
    g_stop.store(false);
    previous_ = std::signal(SIGINT, on_interrupt);
}

StopOnInterrupt::~StopOnInterrupt() { std::signal(SIGINT, previous_); }

const std::atomic<bool>& StopOnInterrupt::flag() const { return g_stop; }
