import { rmSync } from "node:fs";

/** The signals a terminal or a process manager ends a build with. */
const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
type Signal = (typeof signals)[number];

/** What a write session tells the guard of its staging folder. */
export interface StagingGuard {
  /** The build holds (or no longer holds) the output folder's lock file: a signal removes it with the staging folder. */
  holding(lock: string | undefined): void;
  /** The new site is being swapped in: a signal now waits until the swap is over. */
  swapping(): void;
  /** The staging folder is gone or in place: stop guarding, and end the process if a signal waited. */
  settle(): void;
}

/**
 * Ctrl-C (or a kill) during a build removes the staging folder before the process ends, so an
 * interrupted build leaves the project as it found it: the output folder as it was, and no
 * `dist.staging-*` (nor the lock taken for the swap) beside it. A signal that arrives while the new site is swapped in (two renames)
 * waits for the swap, so the output folder is never missing. The signal then does what it would have
 * done: with no other listener, it ends the process as the signal (exit status 130 for Ctrl-C);
 * `watch`'s own listeners stay in charge of theirs. `made` says whether the folder is ours yet: the guard is
 * set before the folder is made, so no signal finds a folder that no guard removes.
 */
export function guardStaging(staging: string, made: () => boolean = () => true): StagingGuard {
  let swapping = false;
  let waiting: Signal | undefined;
  let lock: string | undefined;
  const onSignal = (signal: Signal) => {
    if (swapping) {
      waiting = signal;
      return;
    }
    detach();
    try {
      if (made()) rmSync(staging, { recursive: true, force: true });
      if (lock) rmSync(lock, { force: true });
    } finally {
      reraise(signal);
    }
  };
  const detach = () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
  for (const signal of signals) process.on(signal, onSignal);
  return {
    holding: (file) => void (lock = file),
    swapping: () => void (swapping = true),
    settle: () => {
      detach();
      if (waiting) reraise(waiting);
    },
  };
}

/** The signal's default action (the process ends as killed by it), unless someone else listens for it. */
function reraise(signal: Signal) {
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}
