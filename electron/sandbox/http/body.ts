// Reads a request body the way the service's framework does, whatever encoding a client used:
// JSON, multipart/form-data or application/x-www-form-urlencoded, with `name[]` and
// `name[0][field]` keys folded into arrays and objects so every route sees one shape.
import type { Context } from 'hono';

export type Body = Record<string, unknown>;

export async function readBody(c: Context): Promise<Body> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      return {};
    }
    const entries: [string, unknown][] = [];
    form.forEach((value, key) => entries.push([key, typeof value === 'string' ? value : value.name]));
    return foldBrackets(entries);
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    // A body that is not an object reads as no input at all, as it does on the real service.
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Body) : {};
  } catch {
    return {};
  }
}

/** `a[]=1&a[]=2` → {a:[1,2]}; `v[0][id]=x` → {v:[{id:x}]}; plain keys stay as they are. */
export function foldBrackets(entries: [string, unknown][]): Body {
  const root: Body = {};
  for (const [key, value] of entries) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
    if (!m) {
      root[key] = value;
      continue;
    }
    const path = [m[1] as string, ...[...(m[2] as string).matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] as string)];
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i] as string;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] as string);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      } else {
        if (last) node[part] = value;
        else node = (node[part] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      }
    }
  }
  return root;
}

export function str(body: Body, key: string): string | null {
  const v = body[key];
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** A list field sent as `key[]`, `key` (JSON array) or a single value. */
export function list(body: Body, key: string): unknown[] | null {
  const v = body[key] ?? body[`${key}[]`];
  if (v === undefined || v === null) return null;
  return Array.isArray(v) ? v : [v];
}

export function intOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** As loose as the service's own check, which accepts `user@yopmailcom`. */
export const isEmail = (v: string): boolean => EMAIL.test(v);

export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
