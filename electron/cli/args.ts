import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** Shared by the npm script entry points: one line of usage on bad arguments, never a stack trace. */
export function parseCliArgs(usage: string, options: ParseArgsOptionsConfig): Record<string, string | boolean | undefined> {
  try {
    return parseArgs({ options, allowPositionals: false, strict: true }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: ${usage}`);
    process.exit(2);
  }
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
