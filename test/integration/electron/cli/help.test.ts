/**
 * Every command line a shop owner or a support person types answers `--help` with what it does,
 * how it is called and its options, and says a wrong option in one line pointing there.
 */
import { describe, expect, it } from 'vitest';
import { runScript } from '../../../support/admin.ts';

const COMMANDS = [
  { file: 'scripts/start.ts', usage: 'npm start --', says: ['--port <p>', '--data-dir <folder>', 'browser mode'] },
  { file: 'electron/cli/serve.ts', usage: 'npm run serve --', says: ['--port <p>', '--data-dir <folder>', '--sandbox-port <p>'] },
  { file: 'electron/cli/admin.ts', usage: 'npm run admin --', says: ['backup', 'verify', 'restore', 'reset-pin'] },
  { file: 'electron/cli/headoffice.ts', usage: 'npm run headoffice --', says: ['--pg-url <url>', 'add-store', 'report'] },
  { file: 'electron/cli/sandbox.ts', usage: 'npm run sandbox --', says: ['--port <p>', '--client-id <id>', '--state <file>'] },
  { file: 'electron/cli/headoffice-db.ts', usage: 'npm run headoffice:db --', says: ['--port <p>', '--dir <folder>'] },
];

describe('--help', () => {
  for (const command of COMMANDS) {
    it(`${command.usage} --help says what it does and how it is called, and stops`, async () => {
      const { code: status, stdout, stderr } = await runScript(command.file, ['--help']);
      expect(stderr).toBe('');
      expect(status).toBe(0);
      const [about] = stdout.split('\n');
      // A sentence on what it is for comes first, before any usage line.
      expect(about).toMatch(/^\S[^\n]{20,}$/);
      expect(about).not.toMatch(/^Usage/);
      expect(stdout).toMatch(/^Usage:/m);
      expect(stdout).toContain(command.usage);
      for (const words of command.says) expect(stdout).toContain(words);
    });
  }

  it('a wrong option is one line of words and where to read more, never a stack trace', async () => {
    for (const file of ['scripts/start.ts', 'electron/cli/serve.ts', 'electron/cli/sandbox.ts']) {
      const { code: status, stdout, stderr } = await runScript(file, ['--prot', '4780']);
      expect(status, file).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n'), file).toEqual([
        expect.stringContaining("Unknown option '--prot'"),
        expect.stringMatching(/^Usage: npm (start|run \w+) -- \[options\] \(--help says more\)$/),
      ]);
    }
  });
});
