// The log file on its own: nothing in the data folder before it is opened, what it keeps out, its
// three files, and that a write it cannot make (a full disk, a read-only folder) never throws.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createFileLog, logUncaught, scrub } from '../../../../../electron/backend/common/log.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'log-'));
const read = (dir: string, name = 'counter.log') => fs.readFileSync(path.join(dir, 'logs', name), 'utf8');

describe('the log file', () => {
  it('touches the data folder only once opened, then writes what waited', () => {
    const dir = tempDir();
    const log = createFileLog();
    log.info('start', { environment: 'demo' });
    expect(fs.readdirSync(dir)).toEqual([]);
    log.open(dir);
    expect(fs.statSync(path.join(dir, 'logs')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(read(dir))).toMatchObject({ level: 'info', msg: 'start', environment: 'demo' });
    log.close();
  });

  it('writes an error with its message and stack, and keeps secrets out of keys and text', () => {
    const dir = tempDir();
    const log = createFileLog();
    log.open(dir);
    const error = Object.assign(new Error('no answer for LPA:1$smdp.example$SECRETCODE'), { code: 'ECONNRESET' });
    log.problem('sales.create failed', error);
    log.problem('the token Bearer abc.def-123 was refused');
    log.info('odd', { pin: '1234', clientSecret: 'shh' } as never);
    const text = read(dir);
    expect(text).not.toMatch(/SECRETCODE|abc\.def-123|1234|shh/);
    const [first, second, third] = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(first).toMatchObject({ level: 'error', msg: 'sales.create failed', error: { code: 'ECONNRESET', type: 'Error' } });
    expect(first.error.stack).toContain('log.test.ts');
    expect(second).toMatchObject({ level: 'warn', msg: 'the token Bearer [redacted] was refused' });
    expect(third).toMatchObject({ pin: '[redacted]', clientSecret: '[redacted]' });
    log.close();
  });

  it('scrubs activation codes, bearer tokens and JWTs from free text', () => {
    expect(scrub('code LPA:1$a.b$C0DE, then')).toBe('code LPA:[redacted] then');
    expect(scrub('Authorization: Bearer x.y.z')).toBe('Authorization: Bearer [redacted]');
    expect(scrub('token eyJhbGciOi.eyJzdWIi.c2ln end')).toBe('token [redacted] end');
  });

  it('keeps three files, the newest in counter.log', () => {
    const dir = tempDir();
    const log = createFileLog({ maxBytes: 300 });
    log.open(dir);
    for (let i = 0; i < 40; i++) log.info(`line ${i}`);
    log.close();
    expect(fs.readdirSync(path.join(dir, 'logs')).sort()).toEqual(['counter.1.log', 'counter.2.log', 'counter.log']);
    expect(read(dir)).toContain('line 39');
    for (const name of ['counter.log', 'counter.1.log', 'counter.2.log']) {
      expect(fs.statSync(path.join(dir, 'logs', name)).size).toBeLessThanOrEqual(300);
    }
  });

  it('never throws when it cannot write: a read-only folder, a file where its folder should be', () => {
    const readOnly = tempDir();
    fs.mkdirSync(path.join(readOnly, 'logs'), { mode: 0o500 });
    const blocked = tempDir();
    fs.writeFileSync(path.join(blocked, 'logs'), 'not a folder');
    for (const dir of [readOnly, blocked]) {
      const log = createFileLog();
      expect(() => {
        log.open(dir);
        log.info('start');
        log.problem('trouble', new Error('boom'));
        log.close();
      }).not.toThrow();
    }
    expect(fs.readFileSync(path.join(blocked, 'logs'), 'utf8')).toBe('not a folder');
  });

  it('logs an uncaught exception through the process’s monitor', () => {
    const dir = tempDir();
    const log = createFileLog();
    log.open(dir);
    const process = new EventEmitter();
    logUncaught(log, process as never);
    process.emit('uncaughtExceptionMonitor', new Error('kaboom'), 'uncaughtException');
    expect(JSON.parse(read(dir))).toMatchObject({
      level: 'error',
      msg: 'uncaught exception (uncaughtException)',
      error: { message: 'kaboom' },
    });
  });
});
