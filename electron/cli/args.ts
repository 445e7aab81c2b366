import { parseArgs } from 'node:util';

/** One option of a command line, with the words `--help` shows for it. */
export type CliOption = {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** What its value is, as `--help` names it: `--port <p>`. */
  readonly value?: string;
  readonly help: string;
};

/** A command line as `--help` describes it: what the command does, how it is called, its options. */
export type CliSpec = {
  /** How it is called, without its options: `npm run serve --`. */
  readonly command: string;
  /** One or two sentences on what it does. */
  readonly about: string;
  readonly options: Readonly<Record<string, CliOption>>;
  /** Said after the options (defaults, what else to know). */
  readonly notes?: string;
};

const HELP: CliOption = { type: 'boolean', short: 'h', help: 'show this help and stop' };

/** The page `--help` prints. */
export function helpText(spec: CliSpec): string {
  const options = Object.entries({ ...spec.options, help: HELP }).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.value ? ` <${o.value}>` : ''}`;
    return `  ${flag.padEnd(28)} ${o.help}`;
  });
  return [
    spec.about,
    '',
    `Usage: ${spec.command} [options]`,
    '',
    'Options:',
    ...options,
    ...(spec.notes ? ['', spec.notes] : []),
  ].join('\n');
}

/**
 * Shared by the npm script entry points: `--help` prints the help page and stops; a wrong option is
 * said in one line with where to read more, never a stack trace.
 */
export function parseCliArgs(
  spec: CliSpec,
  args: readonly string[] = process.argv.slice(2),
): Record<string, string | boolean | undefined> {
  let values: Record<string, string | boolean | undefined>;
  try {
    const options = Object.fromEntries(
      Object.entries({ ...spec.options, help: HELP }).map(([name, o]) => [
        name,
        o.short ? { type: o.type, short: o.short } : { type: o.type },
      ]),
    );
    values = parseArgs({ args: [...args], options, allowPositionals: false, strict: true }).values as typeof values;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: ${spec.command} [options] (--help says more)`);
    process.exit(2);
  }
  if (values.help) {
    console.log(helpText(spec));
    process.exit(0);
  }
  return values;
}

export function parsePort(value: string | boolean | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535, not "${String(value)}".`);
    process.exit(2);
  }
  return port;
}
