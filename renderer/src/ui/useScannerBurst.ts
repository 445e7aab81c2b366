/**
 * A barcode scanner in keyboard-wedge mode "types" what it reads very fast (a few ms between keys)
 * and ends with Enter, into whatever has the focus. This tells such a burst from a person typing,
 * so the Top-up and Usage screens can take a scanned ICCID wherever the focus happens to be.
 */
import { useEffect, useRef } from 'react';

export type BurstOptions = {
  /** The average gap between keys of a burst, at most (ms). Scanners: under 30 ms. */
  maxAverageGapMs: number;
  /** One gap longer than this ends any burst (ms): the scanner never pauses that long. */
  maxGapMs: number;
  /** What a finished burst must look like to count. */
  pattern: RegExp;
};

/** ICCIDs: 18 to 22 digits, sometimes padded with a trailing F. */
export const ICCID_BURST: BurstOptions = { maxAverageGapMs: 30, maxGapMs: 100, pattern: /^\d{18,22}[Ff]?$/ };

/** Feed it every key with its time stamp; it answers the scanned text when Enter ends a burst. */
export class BurstDetector {
  #chars = '';
  #first = 0;
  #last = 0;
  readonly #options: BurstOptions;

  constructor(options: BurstOptions = ICCID_BURST) {
    this.#options = options;
  }

  /** How many characters the current candidate burst holds (0 when none). */
  get length(): number {
    return this.#chars.length;
  }

  /**
   * One key press: `key` as in KeyboardEvent.key, `at` in ms. Returns the scanned text when this
   * key is the Enter that ends a burst, null otherwise.
   */
  feed(key: string, at: number): string | null {
    const gap = at - this.#last;
    if (key === 'Enter') {
      const chars = this.#chars;
      const average = chars.length > 0 ? (at - this.#first) / chars.length : Infinity;
      this.#chars = '';
      const burst =
        chars.length > 0 &&
        gap <= this.#options.maxGapMs &&
        average <= this.#options.maxAverageGapMs &&
        this.#options.pattern.test(chars);
      return burst ? chars : null;
    }
    if (key.length !== 1 || !/[0-9Ff]/.test(key)) {
      // Shift (for an upper-case F) and other keys without a character do not break a burst.
      if (key.length !== 1) return null;
      this.#chars = '';
      return null;
    }
    if (this.#chars.length === 0 || gap > this.#options.maxGapMs) {
      this.#chars = key;
      this.#first = at;
    } else {
      this.#chars += key;
    }
    this.#last = at;
    return null;
  }

  reset(): void {
    this.#chars = '';
  }
}

type Snapshot = { element: HTMLInputElement | HTMLTextAreaElement; value: string } | null;

function textTarget(target: EventTarget | null): HTMLInputElement | HTMLTextAreaElement | null {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)) return target;
  return null;
}

/** Puts a React-controlled field back to a value, so React sees the change. */
function restoreValue(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Listens to the whole window while the screen is open. A finished burst calls `onBurst` with the
 * scanned text; its Enter does nothing else (no button is pressed, no form sent), and the digits
 * the scanner typed into some other text field are taken back out of it. Fields marked
 * `data-scanner-target` keep what was typed: that is where the scan goes anyway.
 */
export function useScannerBurst(onBurst: (text: string) => void, enabled = true): void {
  const callback = useRef(onBurst);
  useEffect(() => {
    callback.current = onBurst;
  });

  useEffect(() => {
    if (!enabled) return;
    const detector = new BurstDetector();
    let snapshot: Snapshot = null;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) {
        detector.reset();
        return;
      }
      const text = detector.feed(event.key, event.timeStamp);
      if (event.key.length === 1 && detector.length === 1) {
        // A possible burst starts: remember the focused field as it was before this key.
        const field = textTarget(event.target);
        snapshot = field && !field.hasAttribute('data-scanner-target') ? { element: field, value: field.value } : null;
      }
      if (text === null) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (snapshot && snapshot.element.isConnected) restoreValue(snapshot.element, snapshot.value);
      snapshot = null;
      callback.current(text);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
