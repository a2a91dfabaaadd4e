//===- ParentWatch.cpp - End with the process that started us -------------===//

#include "support/ParentWatch.h"

#include <chrono>
#include <csignal>
#include <thread>
#include <unistd.h>

void ompx::exitWithParent() {
  pid_t parent = getppid();
  auto end = [] {
    if (getpgrp() == getpid())
      ::kill(0, SIGKILL); // the group: this process and what it started
    _exit(1);
  };
  if (parent == 1)
    end(); // orphaned before the watch began
  std::thread([parent, end] {
    while (true) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (getppid() != parent)
        end();
    }
  }).detach();
}
