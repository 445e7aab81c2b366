import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../../electron/sandbox/request-log.ts';

function appWith(log: RequestLog): Hono {
  const app = new Hono();
  app.use('*', log.middleware());
  app.get('/__sandbox/requests', (c) => c.json(log.list()));
  app.get('/v2/n/:i', (c) => c.json({ i: c.req.param('i') }));
  return app;
}

describe('RequestLog', () => {
  it('keeps only the most recent requests once past its bound', async () => {
    const log = new RequestLog(() => Date.UTC(2026, 0, 1), 10);
    const app = appWith(log);
    for (let i = 0; i < 25; i++) await app.request(`/v2/n/${i}`);
    const paths = log.list().map((r) => r.path);
    expect(paths.length).toBeLessThanOrEqual(11);
    expect(paths.at(-1)).toBe('/v2/n/24');
    expect(paths).not.toContain('/v2/n/0');
  });

  it('leaves the control API out and stamps the given clock', async () => {
    const log = new RequestLog(() => Date.UTC(2026, 0, 1, 12));
    const app = appWith(log);
    await app.request('/__sandbox/requests');
    await app.request('/v2/n/1');
    expect(log.list()).toEqual([{ method: 'GET', path: '/v2/n/1', status: 200, at: '2026-01-01T12:00:00.000Z' }]);
  });
});
