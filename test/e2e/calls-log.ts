// What a page asked the backend, in the order it asked, recorded in the page as each call is made.
// A check that something was NOT asked reads this after a later step the page has visibly done
// (the page's own order of work is the barrier), never after a fixed wait.
import type { Page } from '@playwright/test';

type Logged = Window & { __rpcCalls?: string[] };

/** Call before the page's first goto; the returned function reads the calls made so far. */
export async function recordCalls(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as Logged).__rpcCalls = calls;
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = /\/rpc\/([\w.]+)$/.exec(url)?.[1];
      if (method) calls.push(method);
      return original(input, init);
    };
  });
  return () => page.evaluate(() => [...((window as Logged).__rpcCalls ?? [])]);
}
