/**
 * Fills a journal with a realistic history for benchmarks: `sales` sales spread evenly over the
 * `days` before `end`, by a handful of clerks, over a few dozen packages, mostly completed.
 */
import type Database from 'better-sqlite3';
import crypto from 'node:crypto';

export function generateHistory(
  db: Database.Database,
  options: { sales: number; days: number; end: number; seed?: number },
): void {
  let state = options.seed ?? 42;
  const random = () => {
    // mulberry32: fast, deterministic
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const now = new Date(options.end).toISOString();

  const staff = ['Ana', 'Ben', 'Chloe', 'Dev', 'Eve'].map((name, i) => ({
    id: crypto.randomUUID(),
    name: `${name} Bench`,
    role: i === 0 ? 'manager' : 'clerk',
  }));
  const insertStaff = db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, active, failed_attempts, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x', 1, 0, ?, ?)`,
  );
  const countries = ['DE', 'FR', 'JP', 'US', 'GB', 'IT', 'ES', 'TH', 'TR', null];
  const packages = Array.from({ length: 40 }, (_, i) => {
    const country = countries[i % countries.length]!;
    const gb = [1, 3, 5, 10, 20][i % 5]!;
    return {
      id: `bench-${country ?? 'eu'}-${gb}gb-${i}`,
      title: `Bench ${gb} GB`,
      country,
      data: `${gb} GB`,
      days: [7, 15, 30][i % 3]!,
      retail: 400 + gb * 150,
      net: 300 + gb * 100,
    };
  });
  const insertSale = db.prepare(
    `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
       unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, unit_cost_local_minor, net_currency, payment_method,
       customer_email, staff_id, attempts, created_at, updated_at, submitted_at, completed_at, partner_order_code, failure_code,
       failure_reason)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'USD', ?, ?, ?, 'USD', ?, NULL, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const span = options.days * 86_400_000;
  const start = options.end - span;
  db.transaction(() => {
    for (const s of staff) insertStaff.run(s.id, s.name, s.role, now, now);
    for (let i = 0; i < options.sales; i++) {
      const at = new Date(start + Math.floor((i / options.sales) * span + random() * 60_000)).toISOString();
      const pkg = pick(packages);
      const roll = random();
      const status = roll < 0.97 ? 'completed' : roll < 0.995 ? 'failed' : 'not_found';
      const completed = status === 'completed';
      insertSale.run(
        crypto.randomUUID(),
        `EC-BENCH-${i.toString(36).toUpperCase().padStart(8, '0')}`,
        status,
        pkg.id,
        pkg.title,
        pkg.country,
        pkg.data,
        pkg.days,
        random() < 0.9 ? 1 : 2,
        pkg.retail,
        pkg.net,
        pkg.net,
        pkg.net,
        pick(['cash', 'card', 'card', 'other'] as const),
        pick(staff).id,
        at,
        at,
        at,
        completed ? at : null,
        completed ? `20260101-${String(i).padStart(6, '0')}` : null,
        completed ? null : status,
        completed ? null : 'The eSIM service refused the request.',
      );
    }
  })();
}
