// Ctrl-C for the long commands (match, lab, datagen, tune): while a StopOnInterrupt lives, the
// first SIGINT only raises its flag, so the command can finish or save its work and return; a
// second SIGINT ends Kibitz at once (the default action). SIGUSR1 raises the flag too, every
// time: under mpirun, whose Ctrl-C ends every rank at once, `kill -USR1 <mpirun's pid>` reaches
// every rank (mpirun passes SIGUSR1 on) and stops the run the gentle way (docs/scale.md).
#pragma once

#include <atomic>

class StopOnInterrupt {
public:
    StopOnInterrupt();   // lowers the flag and installs the handler
    ~StopOnInterrupt();  // restores the previous handler
    StopOnInterrupt(const StopOnInterrupt&) = delete;
    StopOnInterrupt& operator=(const StopOnInterrupt&) = delete;

    // The flag the command polls; true once Ctrl-C was pressed.
    const std::atomic<bool>& flag() const;
    bool stopped() const { return flag().load(); }

private:
    void (*previous_)(int);
    void (*previous_usr1_)(int);
};
