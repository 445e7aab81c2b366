/**
 * Named points in the sale path where a crash test can kill the process on purpose
 * (ESIM_COUNTER_CRASH_AT=<point>), to prove that every sale still ends exactly once, and where an
 * in-process test can act at that very moment (fill the disk between two writes of one sale). The
 * desktop build replaces this module with crash-points-off.ts (vite.electron.config.ts).
 */
import type { CrashPoint } from './crash-point-names.ts';

export { CRASH_POINTS } from './crash-point-names.ts';
export type { CrashPoint };

const armed = process.env.ESIM_COUNTER_CRASH_AT;
const actions = new Map<CrashPoint, () => void>();

export function crashPoint(name: CrashPoint): void {
  actions.get(name)?.();
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}

/** Runs `act` the next time the sale path reaches `name`, once; the returned function disarms it. */
export function actOnceAt(name: CrashPoint, act: () => void): () => void {
  const once = () => {
    actions.delete(name);
    act();
  };
  actions.set(name, once);
  return () => {
    if (actions.get(name) === once) actions.delete(name);
  };
}
