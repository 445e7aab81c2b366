/**
 * Waits until `check` holds, asking again every few milliseconds. It has no deadline of its own: a
 * busy machine only makes the wait longer, and a check that never holds is stopped by the test's
 * timeout (vitest.config.ts), which names the test. What it waited for is said in the error when the
 * check itself throws.
 */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}
