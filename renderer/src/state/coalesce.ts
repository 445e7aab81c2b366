/**
 * Runs `run` once, `delayMs` after the first of a burst of triggers. The window is not restarted
 * by later triggers, so a steady stream of events (a busy counter) still refreshes every delayMs
 * instead of never.
 */
export function coalesce(run: () => void, delayMs: number): { trigger(): void; cancel(): void } {
  let pending: ReturnType<typeof setTimeout> | null = null;
  return {
    trigger() {
      if (pending !== null) return;
      pending = setTimeout(() => {
        pending = null;
        run();
      }, delayMs);
    },
    cancel() {
      if (pending !== null) clearTimeout(pending);
      pending = null;
    },
  };
}
