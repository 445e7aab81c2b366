/**
 * `npm run headoffice:db [-- --port <p>] [--dir <folder>]`: a local PostgreSQL to try the head office
 * with, from the server binaries npm brought (or Debian's postgresql). Prints the owner's URL and
 * runs until stopped (Ctrl-C); its data stays in the folder for the next start.
 */
import os from 'node:os';
import path from 'node:path';
import { startLocalPostgres } from '../backend/chain/local-postgres.ts';
import { connect, migrateHeadOffice } from '../backend/chain/pg-migrate.ts';
import { parseCliArgs, parsePort } from './args.ts';

const args = parseCliArgs({
  command: 'npm run headoffice:db --',
  about: 'A local PostgreSQL to try the head office with: prints its owner’s address and runs until Ctrl-C.',
  options: {
    port: { type: 'string', value: 'p', help: 'the port PostgreSQL listens on (default 5433)' },
    dir: {
      type: 'string',
      value: 'folder',
      help: 'where its data is kept for the next start (default: under the temporary folder)',
    },
  },
});
// Under the system's temporary folder: the server's own user must be able to reach it when run as root.
const dir = path.resolve(typeof args.dir === 'string' ? args.dir : path.join(os.tmpdir(), 'esim-counter-headoffice-db'));
const server = await startLocalPostgres({ dir, port: parsePort(args.port, 5433) });
const client = await connect(server.url);
await migrateHeadOffice(client);
await client.end();
console.error(`PostgreSQL is running, its data in ${dir}. Add a store with:
  npm run headoffice -- add-store --pg-url '${server.url}' --store <id>
and open the reports with:
  npm run headoffice -- --pg-url '${server.url}'
Ctrl-C stops it.`);
console.log(server.url);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
