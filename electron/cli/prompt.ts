/**
 * Asks for a secret at the terminal without showing it: raw mode, so the typed characters are
 * never echoed (readline would echo them first). The question goes to stderr, leaving stdout to
 * the command's answer.
 */
export type HiddenInput = NodeJS.ReadableStream & { setRawMode(mode: boolean): unknown; isTTY?: boolean };

/** Ctrl-C or Ctrl-D at the prompt: the person chose not to go on. */
export class PromptCancelled extends Error {
  override name = 'PromptCancelled';
}

export function promptHidden(question: string, input: HiddenInput, output: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (outcome: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      outcome();
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return finish(() => resolve(value));
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) return finish(() => reject(new PromptCancelled('Cancelled.')));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    output.write(question);
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}
