/**
 * The counter's log file: `<data folder>/logs/counter.log`, one JSON line an entry (pino), kept to
 * three files by size. It holds each start, an environment switch, each order's outcome (reference
 * and status), every unexpected or swallowed error with what was being done, and renderer crashes.
 * Never a secret, token, PIN, activation code or QR text: known keys are redacted, and every
 * string is scrubbed of what looks like one before it is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';

/** What goes to the terminal: the message, and the error only when there is one (no stray "undefined"). */
export const consoleLog = (message: string, error?: unknown): void =>
  error === undefined ? console.error(message) : console.error(message, error);

export const LOG_FOLDER = 'logs';
export const LOG_FILE = 'counter.log';
const KEPT_FILES = 3;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
/** What is kept in memory until the folder is known good (the journal opened). */
const MAX_EARLY_LINES = 200;

/** Keys whose values are never written, at any depth pino's redact reaches. */
const SECRET_KEYS = [
  'pin',
  'newPin',
  'currentPin',
  'password',
  'secret',
  'clientSecret',
  'client_secret',
  'token',
  'accessToken',
  'access_token',
  'authorization',
  'lpa',
  'qrcode',
  'qrCode',
  'qrcode_url',
  'matchingId',
  'matching_id',
  'activationCode',
  'recoveryCode',
  'key',
];

/** Activation codes, bearer tokens and JWTs inside free text (an error's message, a stack). */
export function scrub(text: string): string {
  return text
    .replace(/LPA:\S*/gi, 'LPA:[redacted]')
    .replace(/(bearer\s+)[\w.~+/=-]+/gi, '$1[redacted]')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[redacted]');
}

export type FileLog = {
  /** Information: a start, a switch, an outcome. Only the fields given, which the caller chose. */
  info(message: string, fields?: Record<string, string | number | boolean | null>): void;
  /** What the backend's `log(message, error?)` says: a warning, or an error with its cause. */
  problem(message: string, error?: unknown): void;
  /** From here on lines go to `<dataDir>/logs/`; before it they wait in memory. */
  open(dataDir: string): void;
  close(): void;
  readonly file: string | null;
};

export type FileLogOptions = {
  readonly maxBytes?: number;
};

/**
 * A destination that never throws: a full disk or a read-only folder loses log lines, never a
 * sale, and the counter runs on as it would without a log.
 */
class RotatingFile {
  #dir: string | null = null;
  #fd: number | null = null;
  #size = 0;
  #early: string[] = [];
  readonly #maxBytes: number;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get file(): string | null {
    return this.#dir ? path.join(this.#dir, LOG_FILE) : null;
  }

  open(dataDir: string): void {
    if (this.#dir) return;
    this.#dir = path.join(dataDir, LOG_FOLDER);
    try {
      fs.mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
    } catch {
      // Lines are dropped below when the file cannot be opened.
    }
    const early = this.#early;
    this.#early = [];
    for (const line of early) this.write(line);
  }

  write(line: string): void {
    if (!this.#dir) {
      if (this.#early.length < MAX_EARLY_LINES) this.#early.push(line);
      return;
    }
    try {
      if (this.#fd === null) this.#openFile();
      if (this.#size + Buffer.byteLength(line) > this.#maxBytes && this.#size > 0) {
        this.#rotate();
        this.#openFile();
      }
      this.#size += fs.writeSync(this.#fd!, line);
    } catch {
      // Swallowed on purpose: the next line tries again (the file may have been the trouble).
      this.#closeFile();
    }
  }

  close(): void {
    this.#closeFile();
  }

  #openFile(): void {
    const file = this.file!;
    this.#fd = fs.openSync(file, 'a', 0o600);
    this.#size = fs.fstatSync(this.#fd).size;
  }

  #closeFile(): void {
    if (this.#fd === null) return;
    try {
      fs.closeSync(this.#fd);
    } catch {
      // Nothing more can be done with a descriptor that will not close.
    }
    this.#fd = null;
  }

  #rotate(): void {
    this.#closeFile();
    const dir = this.#dir!;
    const name = (n: number) => path.join(dir, n === 0 ? LOG_FILE : LOG_FILE.replace('.log', `.${n}.log`));
    fs.rmSync(name(KEPT_FILES - 1), { force: true });
    for (let n = KEPT_FILES - 2; n >= 0; n--) {
      if (fs.existsSync(name(n))) fs.renameSync(name(n), name(n + 1));
    }
  }
}

function errorFields(error: unknown): Record<string, string> {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      type: error.name,
      message: scrub(error.message),
      ...(error.stack ? { stack: scrub(error.stack) } : {}),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  return { message: scrub(String(error)) };
}

export function createFileLog(options: FileLogOptions = {}): FileLog {
  const destination = new RotatingFile(options.maxBytes ?? DEFAULT_MAX_BYTES);
  const logger = pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: SECRET_KEYS.flatMap((key) => [key, `*.${key}`]), censor: '[redacted]' },
    },
    destination,
  );
  const safely = (write: () => void) => {
    try {
      write();
    } catch {
      // A log line is never worth a failed call.
    }
  };
  return {
    info(message, fields = {}) {
      safely(() => logger.info(fields, scrub(message)));
    },
    problem(message, error) {
      safely(() => {
        if (error === undefined || error === '') logger.warn(scrub(message));
        else logger.error({ error: errorFields(error) }, scrub(message));
      });
    },
    open(dataDir) {
      safely(() => destination.open(dataDir));
    },
    close() {
      destination.close();
    },
    get file() {
      return destination.file;
    },
  };
}

/**
 * The process's uncaught exceptions (and unhandled rejections, which Node raises as such) go to the
 * log too. A monitor only: what the process does next is the handler's (restarts.ts) to decide.
 */
export function logUncaught(fileLog: FileLog, target: Pick<NodeJS.Process, 'on'> = process): void {
  target.on('uncaughtExceptionMonitor', (error, origin) => {
    fileLog.problem(`uncaught exception (${origin})`, error);
    fileLog.close();
  });
}
