import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { phpJson, signBody } from '../../../../electron/sandbox/webhooks.ts';

describe('webhook bodies', () => {
  it('encodes like PHP json_encode: compact, escaped slashes, \\u escapes for non-ASCII', () => {
    expect(phpJson({ url: 'https://x.test/a', name: 'Café ✓', n: 1 })).toBe(
      '{"url":"https:\\/\\/x.test\\/a","name":"Caf\\u00e9 \\u2713","n":1}',
    );
    expect(JSON.parse(phpJson({ s: 'a/é' }))).toEqual({ s: 'a/é' });
  });

  it('signs the exact bytes with HMAC-SHA512 hex', () => {
    const body = phpJson({ level: '75%' });
    expect(signBody(body, 'k')).toBe(createHmac('sha512', 'k').update(body).digest('hex'));
    expect(signBody(body, 'k')).toMatch(/^[0-9a-f]{128}$/);
  });
});
