/**
 * The update feed's signing as the vendor runs it: a key pair made once, installers signed with it,
 * and each signature one the desktop app accepts (and refuses for a changed file or another key).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedByVendor } from '../../../electron/shell/update-policy.ts';
import { runScript } from '../../support/admin.ts';

const SCRIPT = path.join('scripts', 'sign-update.ts');
const sign = (args: string[]) => runScript(SCRIPT, args);

function release(): { dir: string; privateKey: string; publicKey: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-update-'));
  fs.writeFileSync(path.join(dir, 'esim-counter-1.2.0-setup.exe'), 'installer bytes for Windows');
  fs.writeFileSync(path.join(dir, 'esim-counter-1.2.0-x86_64.AppImage'), 'installer bytes for Linux');
  fs.writeFileSync(path.join(dir, 'latest.yml'), 'version: 1.2.0\n');
  return { dir, privateKey: path.join(dir, 'keys', 'signing.pem'), publicKey: path.join(dir, 'update-key.pem') };
}

describe('npm run sign-update', () => {
  it('makes a key pair, signs every installer of a folder, and the app accepts each signature', async () => {
    const { dir, privateKey, publicKey } = release();
    const made = await sign(['--new-key', privateKey, '--public', publicKey]);
    expect(made.code, made.stderr).toBe(0);
    expect(fs.statSync(privateKey).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(publicKey, 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----/);

    const signed = await sign(['--key', privateKey, '--public', publicKey, '--dir', dir]);
    expect(signed.code, signed.stderr).toBe(0);
    const sigs = fs.readdirSync(dir).filter((name) => name.endsWith('.sig'));
    // The installers only: the feed's latest.yml is not an installer.
    expect(sigs.sort()).toEqual(['esim-counter-1.2.0-setup.exe.sig', 'esim-counter-1.2.0-x86_64.AppImage.sig']);
    const key = fs.readFileSync(publicKey, 'utf8');
    const exe = path.join(dir, 'esim-counter-1.2.0-setup.exe');
    const signature = fs.readFileSync(`${exe}.sig`, 'utf8');
    expect(signedByVendor(exe, signature, key)).toBe(true);
    fs.appendFileSync(exe, 'tampered');
    expect(signedByVendor(exe, signature, key)).toBe(false);
  });

  it('takes the key from UPDATE_SIGNING_KEY, as the desktop workflow gives it', async () => {
    const { dir, privateKey, publicKey } = release();
    await sign(['--new-key', privateKey, '--public', publicKey]).then((r) => expect(r.code, r.stderr).toBe(0));
    const exe = path.join(dir, 'esim-counter-1.2.0-setup.exe');
    process.env.UPDATE_SIGNING_KEY = fs.readFileSync(privateKey, 'utf8');
    try {
      const signed = await sign(['--public', publicKey, '--file', exe]);
      expect(signed.code, signed.stderr).toBe(0);
    } finally {
      delete process.env.UPDATE_SIGNING_KEY;
    }
    expect(signedByVendor(exe, fs.readFileSync(`${exe}.sig`, 'utf8'), fs.readFileSync(publicKey, 'utf8'))).toBe(true);
  });

  it('never overwrites a key, and signs nothing with a key that does not match the public half', async () => {
    const { dir, privateKey, publicKey } = release();
    await sign(['--new-key', privateKey, '--public', publicKey]).then((r) => expect(r.code, r.stderr).toBe(0));
    const before = fs.readFileSync(publicKey, 'utf8');
    const again = await sign(['--new-key', privateKey, '--public', publicKey]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists already');
    expect(fs.readFileSync(publicKey, 'utf8')).toBe(before);

    const other = path.join(dir, 'other.pem');
    await sign(['--new-key', other, '--public', path.join(dir, 'other-public.pem')]);
    const wrong = await sign(['--key', other, '--public', publicKey, '--dir', dir]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/does not match .*update-key\.pem.*Nothing was signed/);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.sig'))).toEqual([]);
  });

  it('says in words what is missing', async () => {
    const { dir, publicKey } = release();
    const noKey = await runScript(SCRIPT, ['--public', publicKey, '--dir', dir]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr.trim()).toBe('Say which key signs: --key <private.pem>, or UPDATE_SIGNING_KEY.');
    const help = await sign(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--new-key <file>');
  });
});
