/**
 * The head office, on PostgreSQL, with the owner's URL:
 *   npm run headoffice -- --pg-url <url> [--port <p>]              the reports across stores, in a browser
 *   npm run headoffice -- add-store --pg-url <admin url> --store <id>  a store's role; prints its counters' URL
 *   npm run headoffice -- report --pg-url <url> --from <date> --to <date> [--environment <e>] [--json]
 * Each brings the database's schema up to date first (its own numbered migrations).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ENVIRONMENTS } from '../../shared/environments.ts';
import type { Environment } from '../../shared/contract.ts';
import { toDecimalString } from '../../shared/money.ts';
import { connect, libpqUrl, migrateHeadOffice } from '../backend/chain/pg-migrate.ts';
import { addStore } from '../headoffice/stores.ts';
import { storeReport } from '../headoffice/reports.ts';
import { startHeadOfficeHost } from '../headoffice/web.ts';
import { parsePort } from './args.ts';

/** Where the head office page listens unless --port says otherwise. */
const DEFAULT_PORT = 4800;

const ABOUT = `The head office: the reports of every store of a chain, from the PostgreSQL their counters ship their sales to.
Each command first brings the database's schema up to date.`;

const USAGE = `Usage:
  npm run headoffice -- --pg-url <url> [--port <p>]
  npm run headoffice -- add-store --pg-url <admin url> --store <id>
  npm run headoffice -- report --pg-url <url> --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--environment demo|partner_sandbox|production] [--json]`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function args() {
  try {
    return parseArgs({
      allowPositionals: true,
      strict: true,
      options: {
        'pg-url': { type: 'string' },
        port: { type: 'string' },
        store: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        environment: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
}

async function migrated(url: string): Promise<pg.Client> {
  const client = await connect(url);
  try {
    await migrateHeadOffice(client);
  } catch (error) {
    // A read replica (SQLSTATE 25006) takes the reports with the primary's schema as it is.
    if ((error as { code?: string }).code !== '25006') {
      await client.end();
      throw error;
    }
  }
  return client;
}

async function main(): Promise<void> {
  const { values, positionals } = args();
  if (values.help || positionals[0] === 'help') {
    console.log(
      `${ABOUT}\n\n${USAGE}\n\nThe head office page listens on 127.0.0.1:${DEFAULT_PORT} unless --port says otherwise.`,
    );
    return;
  }
  const command = positionals[0] ?? 'serve';
  const url = values['pg-url'] ?? fail('--pg-url is required.');
  if (positionals.length > 1 || !['serve', 'add-store', 'report'].includes(command))
    fail(`Unknown command: ${positionals.join(' ')}`);

  if (command === 'add-store') {
    const storeId = values.store ?? fail('--store is required.');
    const client = await migrated(url);
    try {
      const added = await addStore(client, url, storeId);
      console.error(
        added.rotated
          ? `Store ${storeId} had a role already: it has a new password, and its counters must join again with this URL.`
          : `Store ${storeId} can ship now. Give its counters this URL (Settings → Head office):`,
      );
      console.log(added.url);
    } finally {
      await client.end();
    }
    return;
  }

  if (command === 'report') {
    const from = values.from ?? fail('--from is required.');
    const to = values.to ?? fail('--to is required.');
    const environment = (values.environment ?? 'production') as Environment;
    if (!(ENVIRONMENTS as readonly string[]).includes(environment))
      fail(`--environment must be one of ${ENVIRONMENTS.join(', ')}.`);
    const client = await migrated(url);
    try {
      const report = await storeReport(client, { from, to, environment });
      if (values.json) console.log(JSON.stringify(report));
      else {
        for (const s of report.stores) {
          console.log(
            `${s.storeId}\t${s.sales} sales\t${s.esims} eSIMs\t${toDecimalString({ minor: s.revenueMinor, currency: s.currency })} ${s.currency}`,
          );
        }
        console.log(`total\t${report.total.sales} sales\t${report.total.esims} eSIMs`);
      }
    } finally {
      await client.end();
    }
    return;
  }

  await (await migrated(url)).end();
  const pool = new pg.Pool({ connectionString: libpqUrl(url), max: 4, application_name: 'esim-counter head office' });
  pool.on('error', () => undefined);
  const host = await startHeadOfficeHost({ pool, port: parsePort(values.port, DEFAULT_PORT) });
  console.log(`The head office is running: open ${host.url}`);
  const stop = async () => {
    await host.close();
    await pool.end();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  // PostgreSQL's own words (a refused password, a missing database) say what to fix.
  console.error(`The head office could not do that: ${(error as Error).message}`);
  process.exit(1);
});
