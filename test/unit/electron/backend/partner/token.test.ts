import { describe, expect, it, vi } from 'vitest';
import { TokenManager } from '../../../../../electron/backend/partner/token.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { MemorySecretStore } from '../../../../../electron/backend/secrets/secrets.ts';
import type { Http } from '../../../../../electron/backend/partner/http.ts';
import { SecretsLockedError } from '../../../../../electron/backend/secrets/vault/store.ts';
import { AppFailure } from '../../../../../shared/errors.ts';

function setup(now: { t: number }) {
  let issued = 0;
  const http = vi.fn(async () => {
    issued++;
    return {
      data: { token_type: 'Bearer', expires_in: 31_622_400, access_token: `token-${issued}` },
      meta: { message: 'success' },
    };
  }) as unknown as Http;
  const store = new MemorySecretStore();
  const tokens = new TokenManager({ http, clientId: 'c', clientSecret: 's', store, storeKey: 'k', now: () => now.t });
  return { http: http as unknown as ReturnType<typeof vi.fn>, store, tokens };
}

describe('TokenManager', () => {
  it('fetches once for concurrent callers and keeps the token in the secret store', async () => {
    const now = { t: 0 };
    const { http, store, tokens } = setup(now);
    expect(await Promise.all([tokens.get(), tokens.get(), tokens.get()])).toEqual(['token-1', 'token-1', 'token-1']);
    expect(http).toHaveBeenCalledOnce();
    expect(JSON.parse(store.get('k')!).token).toBe('token-1');
  });

  it('refreshes once when several callers report the same refused token', async () => {
    const now = { t: 0 };
    const { http, tokens } = setup(now);
    const first = await tokens.get();
    expect(await Promise.all([tokens.refresh(first), tokens.refresh(first)])).toEqual(['token-2', 'token-2']);
    // A caller still holding the refused token gets the fresh one without another request.
    expect(await tokens.refresh(first)).toBe('token-2');
    expect(http).toHaveBeenCalledTimes(2);
  });

  it('refreshes a day-old token even though the service says it lives a year', async () => {
    const now = { t: 0 };
    const { http, tokens } = setup(now);
    await tokens.get();
    now.t = 24 * 60 * 60 * 1000 + 1;
    expect(await tokens.get()).toBe('token-2');
    expect(http).toHaveBeenCalledTimes(2);
  });

  it('never asks for more than three tokens a minute, and says how long to wait', async () => {
    const now = { t: 0 };
    const { http, tokens } = setup(now);
    let token = await tokens.get();
    for (let i = 0; i < 2; i++) {
      now.t += 1000;
      token = await tokens.refresh(token);
    }
    now.t += 1000;
    const refused = await tokens.refresh(token).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PartnerError);
    expect(refused).toMatchObject({ kind: 'rate_limited', details: { retryAfterSeconds: 57 } });
    expect(http).toHaveBeenCalledTimes(3);
    now.t = 60_001;
    expect(await tokens.refresh(token)).toBe('token-4');
  });

  it('takes another limit when configured', async () => {
    const now = { t: 0 };
    const { http } = setup(now);
    const tokens = new TokenManager({
      http: http as unknown as Http,
      clientId: 'c',
      clientSecret: 's',
      store: new MemorySecretStore(),
      storeKey: 'k',
      now: () => now.t,
      maxRequestsPerMinute: 5,
    });
    let token = await tokens.get();
    for (let i = 0; i < 4; i++) token = await tokens.refresh(token);
    await expect(tokens.refresh(token)).rejects.toMatchObject({ kind: 'rate_limited', details: { retryAfterSeconds: 60 } });
    expect(http).toHaveBeenCalledTimes(5);
  });
});

describe('TokenManager without a usable keychain', () => {
  it('keeps the token in memory when the secret store refuses, instead of failing the sale', async () => {
    const http = vi.fn(async () => ({
      data: { token_type: 'Bearer', expires_in: 3600, access_token: 'only-in-memory' },
      meta: { message: 'success' },
    })) as unknown as Http;
    const refusing = {
      get: () => {
        throw new Error('keychain unavailable');
      },
      set: () => {
        throw new Error('keychain unavailable');
      },
      delete: () => {
        throw new Error('keychain unavailable');
      },
    };
    const lines: string[] = [];
    const log = (message: string, error?: unknown) => lines.push(`${message} ${String(error)}`);
    const tokens = new TokenManager({ http, clientId: 'c', clientSecret: 's', store: refusing, storeKey: 'k', log });
    expect(await tokens.get()).toBe('only-in-memory');
    expect(await tokens.get()).toBe('only-in-memory');
    expect(http).toHaveBeenCalledOnce();
    // Each failure is told with what was being done and what follows, and never with the token.
    expect(lines).toEqual([
      expect.stringMatching(
        /could not read the saved access token from the secret store \(k\).*memory only.*keychain unavailable/,
      ),
      expect.stringMatching(/could not save the access token in the secret store \(k\).*memory only.*keychain unavailable/),
    ]);
    expect(lines.join('\n')).not.toContain('only-in-memory');
  });

  it('fetches a new token when the saved one is not readable, and says so without quoting it', async () => {
    const http = vi.fn(async () => ({
      data: { token_type: 'Bearer', expires_in: 3600, access_token: 'fresh' },
      meta: { message: 'success' },
    })) as unknown as Http;
    const store = new MemorySecretStore();
    store.set('k', '{"token":"half-written-tok');
    const lines: string[] = [];
    const tokens = new TokenManager({ http, clientId: 'c', clientSecret: 's', store, storeKey: 'k', log: (m) => lines.push(m) });
    expect(await tokens.get()).toBe('fresh');
    expect(lines).toEqual([expect.stringMatching(/saved access token \(k\) is not readable; a new one will be fetched/)]);
    expect(lines.join('\n')).not.toContain('half-written');
  });

  it('with the secret locked, sends nothing and spends none of the minute’s sign-ins; once open, reads the saved token', async () => {
    const http = vi.fn(async () => ({
      data: { token_type: 'Bearer', expires_in: 31_622_400, access_token: 'token-new' },
      meta: { message: 'success' },
    })) as unknown as Http;
    let open = false;
    const saved = JSON.stringify({ token: 'token-saved', expiresAt: 9e15 });
    const store = {
      get: () => {
        if (!open) throw new SecretsLockedError('production');
        return saved;
      },
      set: () => undefined,
      delete: () => undefined,
    };
    const log = vi.fn();
    const locked = new AppFailure('secrets_locked', 'a manager signs in first');
    const clientSecret = () => {
      if (!open) throw locked;
      return 's';
    };
    const tokens = new TokenManager({ http, clientId: 'c', clientSecret, store, storeKey: 'k', now: () => 0, log });
    for (let i = 0; i < 4; i++) await expect(tokens.get()).rejects.toBe(locked);
    expect(http).not.toHaveBeenCalled();
    // A locked vault is no failure to report: the token simply waits in memory.
    expect(log).not.toHaveBeenCalled();
    open = true;
    expect(await tokens.get()).toBe('token-saved');
    expect(http).not.toHaveBeenCalled();
  });
});
