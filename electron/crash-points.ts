/**
 * Named points in the sale path where a crash test can kill the process on purpose
 * (ESIM_COUNTER_CRASH_AT=<point>), to prove that every sale still ends exactly once. The desktop
 * build replaces this module with crash-points-off.ts (vite.electron.config.ts).
 */
import type { CrashPoint } from './crash-point-names.ts';

export { CRASH_POINTS } from './crash-point-names.ts';
export type { CrashPoint };

const armed = process.env.ESIM_COUNTER_CRASH_AT;

export function crashPoint(name: CrashPoint): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}
