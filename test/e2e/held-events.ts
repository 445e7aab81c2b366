// The backend's pushed events, held back from a page on the test's word and then let through in
// order: it puts a page in the state of a slow event stream (an answer to a call arriving before
// the event that went out first) deterministically, instead of hoping a busy machine does it.
import type { Page } from '@playwright/test';

type Holding = Window & { __holdEvents?: boolean; __releaseEvents?: () => void };

/** Call before the page's first goto. */
export async function holdableEvents(page: Page): Promise<{ hold(): Promise<void>; release(): Promise<void> }> {
  await page.addInitScript(() => {
    const w = window as Holding;
    // Each event stream's chunks held back, in order; a stream that ends or fails leaves the set.
    const streams = new Set<Array<() => void>>();
    w.__holdEvents = false;
    w.__releaseEvents = () => {
      w.__holdEvents = false;
      for (const held of streams) for (const deliver of held.splice(0)) deliver();
    };
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!/\/events$/.test(url) || !response.body) return response;
      const reader = response.body.getReader();
      const held: Array<() => void> = [];
      streams.add(held);
      const pass = (deliver: () => void) => (w.__holdEvents || held.length > 0 ? held.push(deliver) : deliver());
      // The page's own stream in every way but timing: an error or an abort is passed on at once.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          void (async () => {
            for (;;) {
              let chunk: ReadableStreamReadResult<Uint8Array>;
              try {
                chunk = await reader.read();
              } catch (error) {
                streams.delete(held);
                controller.error(error);
                return;
              }
              if (chunk.done) {
                return pass(() => {
                  streams.delete(held);
                  controller.close();
                });
              }
              const value = chunk.value;
              pass(() => controller.enqueue(value));
            }
          })();
        },
        cancel: (reason) => {
          streams.delete(held);
          return reader.cancel(reason);
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
