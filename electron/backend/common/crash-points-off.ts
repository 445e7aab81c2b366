/**
 * The desktop build's crash points (vite.electron.config.ts aliases crash-points.ts here): none. A
 * shipped app must not be killable by an environment variable, so the check is not even there.
 */
import type { CrashPoint } from './crash-point-names.ts';

export { CRASH_POINTS } from './crash-point-names.ts';
export type { CrashPoint };

export function crashPoint(_name: CrashPoint): void {}
