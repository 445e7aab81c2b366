// The renderer's modules import each other without a cycle: a cycle makes the order modules run
// in depend on who imports first (a screen's constant can be undefined while another loads).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../../renderer/src');
const IMPORT = /^\s*import\s+(?!type\b)(?:[^'"]*?from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Value imports only: `import type` leaves nothing at run time, so it cannot make a cycle. */
function importsOf(file: string, within: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((m) => path.resolve(path.dirname(file), m[1]!))
    .filter((target) => target.startsWith(within) && fs.existsSync(target));
}

/** The first cycle found among the modules of `within`, as paths relative to it; null if none. */
function findCycle(within: string): string[] | null {
  const files = sources(within);
  const graph = new Map(files.map((f) => [f, importsOf(f, within)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle) return cycle.map((f) => path.relative(within, f));
  }
  return null;
}

describe('the renderer’s imports', () => {
  it('have no cycle', () => {
    expect(findCycle(root)).toBeNull();
  });

  it('would name a cycle if there were one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycle-probe-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = a;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { a } from './a.ts';\nexport type C = typeof a;\n");
      expect(findCycle(dir)).toEqual(['a.ts', 'b.ts', 'a.ts']);
      fs.writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a.ts';\nexport const b = 1;\n");
      expect(findCycle(dir)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
