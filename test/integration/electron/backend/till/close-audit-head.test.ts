import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { journalPath } from '../../../../../electron/backend/data-folder.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../../../electron/backend/app.ts';
import type { AppInfo, AuditCheck } from '../../../../../shared/contract.ts';
import type { AuditView } from '../../../../../shared/manager.ts';
import type { ClosePreview, DayClose } from '../../../../../shared/reports.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
const today = () => new Date().toISOString().slice(0, 10); // the store runs on UTC in this test

beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => {
  await ts.close();
});

/** A counter on a data folder of its own with one sale, and today closed as a manager would. */
async function closedDay(): Promise<{ dataDir: string; test: TestBackend; close: DayClose }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-audit-'));
  const test = await startTestBackend(ts, { dataDir, settleMs: 0 });
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  await test.signIn('manager');
  await test.call('settings.update', { timeZone: 'UTC' });
  await test.signIn('clerk');
  const offer = (await test.call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!;
  await test.call('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'card' });
  await test.signIn('manager');
  const preview = await test.call<ClosePreview>('close.preview', { date: today() });
  const close = await test.call<DayClose>('close.commit', { date: today(), countedCash: [], basis: preview.open.basis });
  return { dataDir, test, close };
}

/** The same data folder started again, as after a restart of the app. */
async function restart(dataDir: string): Promise<{ backend: Backend; logged: string[] }> {
  const logged: string[] = [];
  const backend = await createBackend({
    dataDir,
    transport: 'browser',
    partner: {
      environment: 'partner_sandbox',
      baseUrl: ts.url,
      clientId: ts.sandbox.clientId,
      clientSecret: ts.sandbox.clientSecret,
    },
    log: (message) => logged.push(message),
  });
  return { backend, logged };
}

async function call<T>(backend: Backend, method: string, input: unknown = {}): Promise<T> {
  const result = await backend.dispatch(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** What someone with the file and sqlite3 can do: drop the append-only triggers, then delete. */
function tamper(dataDir: string, sql: string): void {
  const raw = new Database(journalPath(dataDir, 'partner_sandbox'));
  raw.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete; DROP TRIGGER audit_log_chain;');
  raw.exec(sql);
  raw.close();
}

const head = (backend: Backend) => backend.db.prepare('SELECT max(seq) FROM audit_log').pluck().get() as number;

describe('the audit head with each close', () => {
  it('is the close’s own audit entry, kept with the close and with a supplementary close', async () => {
    const { test, close } = await closedDay();
    const { backend, call: rpc } = test;
    const [closed] = await rpc<AuditView[]>('audit.list', { action: 'day.closed' });
    expect(close.auditHead).toEqual({
      seq: closed!.seq,
      hash: backend.db.prepare('SELECT hash FROM audit_log WHERE seq = ?').pluck().get(closed!.seq),
    });
    expect((await rpc<ClosePreview>('close.preview', { date: today() })).closes).toEqual([close]);
    expect(await rpc<AuditCheck>('audit.verify')).toMatchObject({ ok: true });

    await test.signIn('clerk');
    const offer = (await rpc<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!;
    await rpc('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
    await test.signIn('manager');
    const preview = await rpc<ClosePreview>('close.preview', { date: today() });
    const second = await rpc<DayClose>('close.commit', { date: today(), countedCash: [], basis: preview.open.basis });
    expect(second.sequence).toBe(2);
    expect(second.auditHead!.seq).toBeGreaterThan(close.auditHead!.seq);
    expect((await rpc<ClosePreview>('close.preview', { date: today() })).closes.map((c) => c.auditHead)).toEqual([
      close.auditHead,
      second.auditHead,
    ]);
    await backend.close();
  });

  it('finds entries deleted after the close’s head once a start had verified past them', async () => {
    const { dataDir, test, close } = await closedDay();
    await test.call('session.signOut');
    await test.backend.close();

    const verified = await restart(dataDir);
    const through = head(verified.backend);
    expect(through).toBeGreaterThan(close.auditHead!.seq);
    expect(verified.backend.info.auditChain).toEqual({ ok: true, verifiedThroughSeq: through });
    await verified.backend.close();

    tamper(dataDir, `DELETE FROM audit_log WHERE seq > ${close.auditHead!.seq}`);
    const { backend, logged } = await restart(dataDir);
    const reason = `entry ${through}, verified before, is missing`;
    expect((await call<AppInfo>(backend, 'app.info')).auditChain).toEqual({ ok: false, brokenAtSeq: through, reason });
    expect(logged).toContain(`The audit log was altered at entry ${through}: ${reason}`);

    await call(backend, 'session.signIn', { staffId: test.ids.manager, pin: '2468' });
    // The chain left ends whole at the close's head: the full check sees the deletion through the verified point.
    expect(await call<AuditCheck>(backend, 'audit.verify')).toEqual({
      ok: false,
      brokenAtSeq: through,
      // Written on since, the entry at that seq is another one now.
      reason: `entry ${through} has changed since it was verified`,
    });
    const entries = await call<AuditView[]>(backend, 'audit.list', { action: 'audit.chain_broken' });
    expect(entries).toMatchObject([{ seq: close.auditHead!.seq + 1, details: { atEntry: through, reason, check: 'start' } }]);
    await backend.close();
  });

  it('finds entries deleted up to and including the close’s head, naming the close', async () => {
    const { dataDir, test, close } = await closedDay();
    await test.backend.close();

    tamper(dataDir, `DELETE FROM audit_log WHERE seq <= ${close.auditHead!.seq}`);
    const { backend, logged } = await restart(dataDir);
    const broken = {
      ok: false,
      brokenAtSeq: close.auditHead!.seq,
      reason: `entry ${close.auditHead!.seq}, which the close of ${today()} recorded, is missing: entries were deleted since that close was made`,
    };
    expect(backend.info.auditChain).toEqual(broken);
    expect(logged.filter((line) => !line.startsWith('secret store:'))).toEqual([
      expect.stringContaining(`The audit log was altered at entry ${close.auditHead!.seq}`),
    ]);
    await call(backend, 'session.signIn', { staffId: test.ids.manager, pin: '2468' });
    expect(await call<AuditCheck>(backend, 'audit.verify')).toEqual(broken);
    // The Z report still prints the head it recorded, for an auditor to hold against the file.
    expect((await call<ClosePreview>(backend, 'close.preview', { date: today() })).closes[0]!.auditHead).toEqual(close.auditHead);
    await backend.close();
  });
});
