// Laravel-paginator envelopes: `links` and a `meta` whose per_page is a string echo of the limit.
import type { Context } from 'hono';
import { intOf } from './body.ts';

export type PageRequest = { page: number; limit: number };

/** Reads limit/page; returns the 422 field messages when either is not an integer. */
export function pageRequest(c: Context, defaultLimit: number): PageRequest | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const rawLimit = c.req.query('limit');
  const rawPage = c.req.query('page');
  const limit = rawLimit === undefined || rawLimit === '' ? defaultLimit : intOf(rawLimit);
  const page = rawPage === undefined || rawPage === '' ? 1 : intOf(rawPage);
  if (limit === null) errors.limit = 'The limit must be an integer.';
  if (page === null) errors.page = 'The page must be an integer.';
  if (Object.keys(errors).length) return { errors };
  return { limit: Math.max(1, limit as number), page: Math.max(1, page as number) };
}

export function paginate<T>(
  c: Context,
  items: T[],
  req: PageRequest,
  extraQuery: Record<string, string> = {},
): { data: T[]; links: Record<string, string | null>; meta: Record<string, unknown> } {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / req.limit));
  const start = (req.page - 1) * req.limit;
  const data = items.slice(start, start + req.limit);
  const url = new URL(c.req.url);
  const path = `${url.origin}${url.pathname}`;
  const kept = new URLSearchParams();
  url.searchParams.forEach((v, k) => {
    if (k !== 'page') kept.set(k, v);
  });
  for (const [k, v] of Object.entries(extraQuery)) if (!kept.has(k)) kept.set(k, v);
  const link = (page: number): string => {
    const q = new URLSearchParams(kept);
    q.set('page', String(page));
    return `${path}?${q.toString()}`;
  };
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: req.page > 1 ? link(req.page - 1) : null,
      next: req.page < lastPage ? link(req.page + 1) : null,
    },
    meta: {
      message: 'success',
      current_page: req.page,
      from: data.length ? start + 1 : null,
      last_page: lastPage,
      path,
      per_page: String(req.limit),
      to: data.length ? start + data.length : null,
      total,
    },
  };
}
