import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { promptHidden, PromptCancelled } from '../../../../electron/cli/prompt.ts';

/** A terminal's input: raw mode is recorded, so the test can see the echo was off while typing. */
function terminal() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    modes: [] as boolean[],
    setRawMode(mode: boolean) {
      input.modes.push(mode);
      return input;
    },
  });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { input, output, shown: () => shown };
}

describe('promptHidden', () => {
  it('reads a line in raw mode without showing it, taking back a deleted character', async () => {
    const t = terminal();
    const answer = promptHidden('New PIN: ', t.input, t.output);
    t.input.write('73');
    t.input.write('9\u007f51\r');
    expect(await answer).toBe('7351');
    expect(t.shown()).toBe('New PIN: \n');
    expect(t.input.modes).toEqual([true, false]);
    expect(t.input.listenerCount('data')).toBe(0);
  });

  it('stops on Ctrl-C, and on Ctrl-D at an empty line', async () => {
    for (const key of ['12\u0003', '\u0004']) {
      const t = terminal();
      const answer = promptHidden('PIN: ', t.input, t.output);
      t.input.write(key);
      await expect(answer).rejects.toBeInstanceOf(PromptCancelled);
      expect(t.input.modes).toEqual([true, false]);
    }
  });
});
