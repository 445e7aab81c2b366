/**
 * A store joins the chain: its own PostgreSQL login role, a member of esim_stores and named in
 * chain.stores, so row-level security (migration 0003) lets it write its own rows and read no
 * other store's. Run again for the same store, it gives the role a new password: the counters of
 * that store must then join again with the new URL.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { CHAIN_ID_PATTERN } from '../../shared/chain.ts';

export const STORE_ROLE_PREFIX = 'esim_store_';

export type StoreAdded = { readonly storeId: string; readonly role: string; readonly url: string; readonly rotated: boolean };

export async function addStore(client: pg.ClientBase, adminUrl: string, storeId: string): Promise<StoreAdded> {
  if (!CHAIN_ID_PATTERN.test(storeId)) {
    throw new Error(`A store id is 1 to 24 letters, digits and inner hyphens, not ${JSON.stringify(storeId)}.`);
  }
  const role = `${STORE_ROLE_PREFIX}${storeId}`;
  const password = crypto.randomBytes(24).toString('base64url');
  const ident = client.escapeIdentifier(role);
  await client.query('BEGIN');
  let rotated: boolean;
  try {
    const exists = (await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount! > 0;
    rotated = exists;
    // A password cannot be a bind parameter in DDL; it is base64url, quoted as a literal all the same.
    const secret = client.escapeLiteral(password);
    if (exists) await client.query(`ALTER ROLE ${ident} WITH LOGIN PASSWORD ${secret}`);
    else await client.query(`CREATE ROLE ${ident} WITH LOGIN PASSWORD ${secret} CONNECTION LIMIT 20 IN ROLE esim_stores`);
    await client.query(`GRANT esim_stores TO ${ident}`);
    await client.query(
      `INSERT INTO chain.stores (store_id, role_name) VALUES ($1, $2)
       ON CONFLICT (store_id) DO UPDATE SET role_name = excluded.role_name`,
      [storeId, role],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return { storeId, role, url: storeUrl(adminUrl, role, password), rotated };
}

/** The admin URL's server, database and TLS settings, with the store's role and password. */
export function storeUrl(adminUrl: string, role: string, password: string): string {
  const url = new URL(adminUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}
