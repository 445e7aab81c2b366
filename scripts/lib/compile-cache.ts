/**
 * Where Node keeps what it compiled (and the TypeScript it stripped) of each module, for the
 * backends the tests start by the hundred: each start skips recompiling the backend.
 */
import os from 'node:os';
import path from 'node:path';

export const COMPILE_CACHE_DIR = path.join(os.tmpdir(), 'esim-counter-compile-cache');
