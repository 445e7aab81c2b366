/**
 * A refused input as the contract's `bad_input`: per field, a problem from the closed set
 * (shared/errors.ts) and what its words quote. The schemas name their own problems as messages
 * ('pin_format', 'email'…); zod's own issues (a wrong type, a string too long) are mapped onto the
 * generic problems, so none of zod's English reaches a screen.
 */
import type { z } from 'zod';
import { fail, isFieldProblem, type ErrorParams, type FieldProblem, type Result } from '../../../shared/errors.ts';
import { isStorableText } from '../../../shared/text.ts';

type Issue = z.core.$ZodIssue;

/** The field an issue is about: its path, or `(input)` for the input as a whole. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.length > 0 ? path.map(String).join('.') : '(input)';
}

/** What the caller sent at `path`; undefined when it is not there. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A key as the answer may quote it: what the journal could not keep shown as U+FFFD. */
const quotable = (key: string): string =>
  isStorableText(key) ? key : [...key].map((c) => (isStorableText(c) ? c : '\uFFFD')).join('');

/**
 * Every string in the input, keys too, that the journal could not keep (shared/text.ts), as the
 * paths of their fields: one pass over whatever was sent, before any schema or handler sees it, so
 * every method refuses such text, whatever its schema says about the field. Walked without
 * recursion and each object once, so no nesting or cycle (IPC clones keep them) can make it throw.
 */
export function unstorableTextFields(input: unknown): string[] {
  type At = { readonly value: unknown; readonly key: string; readonly parent: At | null };
  const pathOf = (at: At): string[] => {
    const keys: string[] = [];
    for (let step: At | null = at; step?.parent; step = step.parent) keys.unshift(step.key);
    return keys;
  };
  const found: string[] = [];
  const seen = new Set<object>();
  const stack: At[] = [{ value: input, key: '', parent: null }];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const { value } = at;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push(fieldOf(pathOf(at)));
      continue;
    }
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    for (const [key, inner] of Object.entries(value)) {
      const next: At = { value: inner, key: quotable(key), parent: at };
      if (!isStorableText(key)) found.push(fieldOf(pathOf(next)));
      else stack.push(next);
    }
  }
  return found;
}

const limit = (value: number | bigint): number => Number(value);

/** One issue as a problem and its parameters. */
export function problemOf(issue: Issue, input: unknown): { problem: FieldProblem; params?: ErrorParams } {
  // Nothing sent is "required", whatever the schema would have said about a wrong value.
  const missing = issue.path.length > 0 && valueAt(input, issue.path) === undefined;
  if (missing && issue.code !== 'unrecognized_keys') return { problem: 'required' };
  if (isFieldProblem(issue.message)) return { problem: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      return { problem: issue.expected === 'int' ? 'not_whole' : 'wrong_type' };
    case 'too_small': {
      const min = limit(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? { problem: 'required' } : { problem: 'too_short', params: { min } };
      if (issue.origin === 'array' || issue.origin === 'set') return { problem: 'too_few_items', params: { min } };
      return { problem: 'too_small', params: { min } };
    }
    case 'too_big': {
      const max = limit(issue.maximum);
      if (issue.origin === 'string') return { problem: 'too_long', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { problem: 'too_many_items', params: { max } };
      return { problem: 'too_big', params: { max } };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { problem: 'email' };
      if (issue.format === 'date' || issue.format === 'datetime') return { problem: 'date' };
      return { problem: 'invalid' };
    case 'unrecognized_keys':
      return { problem: 'unknown_key' };
    default:
      return { problem: 'invalid' };
  }
}

/**
 * A refused input as `bad_input`: the fields holding text the journal could not keep first, then
 * the first problem of each other field, in the order zod found them.
 */
export function badInput(error: z.ZodError | undefined, input: unknown, unstorable: readonly string[] = []): Result<never> {
  const fields: Record<string, FieldProblem> = {};
  const fieldParams: Record<string, ErrorParams> = {};
  const note = (field: string, problem: FieldProblem, params?: ErrorParams) => {
    if (field in fields) return;
    fields[field] = problem;
    if (params) fieldParams[field] = params;
  };
  for (const field of unstorable) note(field, 'text_chars');
  for (const issue of error?.issues ?? []) {
    if (issue.code === 'unrecognized_keys') {
      // The keys the caller should not have sent are the fields at fault, not the object holding them.
      for (const key of issue.keys) note(fieldOf([...issue.path, key]), 'unknown_key');
      continue;
    }
    const { problem, params } = problemOf(issue, input);
    note(fieldOf(issue.path), problem, params);
  }
  const first = Object.entries(fields)[0];
  const limits =
    first && fieldParams[first[0]]
      ? ` (${Object.entries(fieldParams[first[0]]!)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})`
      : '';
  const message = first
    ? `Please check ${first[0] === '(input)' ? 'the input' : first[0]}: ${first[1]}${limits}.`
    : 'Invalid input.';
  return fail('bad_input', message, { fields, ...(Object.keys(fieldParams).length > 0 ? { fieldParams } : {}) });
}
