/**
 * Named points in the sale path where a crash test can kill the process on purpose
 * (ESIM_COUNTER_CRASH_AT=<point>), to prove that every sale still ends exactly once.
 */
export const CRASH_POINTS = ['after_intent', 'after_submitting', 'after_response', 'after_complete'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

const armed = process.env.ESIM_COUNTER_CRASH_AT;

export function crashPoint(name: CrashPoint): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}
