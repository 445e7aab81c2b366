// The backend's pushed events, held back from a page on the test's word and then let through in
// order: it puts a page in the state of a slow event stream (an answer to a call arriving before
// the event that went out first) deterministically, instead of hoping a busy machine does it.
import type { Page } from '@playwright/test';

type Holding = Window & { __holdEvents?: boolean; __releaseEvents?: () => void };

/** Call before the page's first goto. */
export async function holdableEvents(page: Page): Promise<{ hold(): Promise<void>; release(): Promise<void> }> {
  await page.addInitScript(() => {
    const w = window as Holding;
    const waiting: Array<() => void> = [];
    w.__holdEvents = false;
    w.__releaseEvents = () => {
      w.__holdEvents = false;
      for (const deliver of waiting.splice(0)) deliver();
    };
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!/\/events$/.test(url) || !response.body) return response;
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (;;) {
            const { done, value } = await reader
              .read()
              .catch((): ReadableStreamReadResult<Uint8Array> => ({ done: true, value: undefined }));
            if (done) break;
            if (w.__holdEvents || waiting.length > 0) waiting.push(() => controller.enqueue(value));
            else controller.enqueue(value);
          }
          const end = () => controller.close();
          if (waiting.length > 0) waiting.push(end);
          else end();
        },
      });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  });
  return {
    hold: () => page.evaluate(() => void ((window as Holding).__holdEvents = true)),
    release: () => page.evaluate(() => (window as Holding).__releaseEvents?.()),
  };
}
