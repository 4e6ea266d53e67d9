// The SIGINT handler of the long commands.
#include "app/interrupt.h"

#include <csignal>

namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_interrupt(int signal) {
    g_stop.store(true);
    if (signal == SIGINT) std::signal(SIGINT, SIG_DFL);
}

}  // namespace

StopOnInterrupt::StopOnInterrupt() {
    g_stop.store(false);
    previous_ = std::signal(SIGINT, on_interrupt);
    previous_usr1_ = std::signal(SIGUSR1, on_interrupt);
}

StopOnInterrupt::~StopOnInterrupt() {
    std::signal(SIGINT, previous_);
    std::signal(SIGUSR1, previous_usr1_);
}

const std::atomic<bool>& StopOnInterrupt::flag() const { return g_stop; }
