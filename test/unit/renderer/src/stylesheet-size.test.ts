// Stylesheets stay under 400 lines each, as code does (ESLint's max-lines): one concern per file.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../../renderer');

it('keeps every stylesheet of the renderer under 400 lines', () => {
  const long = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n').length }))
    .filter(({ lines }) => lines > 400);
  expect(long).toEqual([]);
});
