/**
 * Which text the counter keeps. Whatever a caller types ends up in the journal and in its audit
 * chain, whose hashes must read the same on every machine that checks them: so text is well-formed
 * Unicode (a lone surrogate has no UTF-8 form, and every encoder mangles it its own way) and holds
 * no control characters, which no keyboard types and which cut C strings (NUL), CSV files and
 * receipts short. Tab and line breaks are kept for multi-line text (an address, a reason, a note);
 * names and other one-line fields refuse them too (`oneLine`).
 */
import type { z } from 'zod';
import { problem } from './errors.ts';

// C0 but tab, line feed and carriage return; DEL; C1. A lone surrogate is a code point of its own
// (category Cs) only in a /u pattern, where a well-formed pair reads as the one character it makes.
// eslint-disable-next-line no-control-regex -- control characters are what it is there to find
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/** Whether the journal may keep this text as it is. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** A one-line field (a name): storable text without tabs or line breaks. */
export function oneLine<S extends z.ZodType<string>>(schema: S) {
  return schema.refine((text) => !LINE_BREAK.test(text), problem('text_chars'));
}
