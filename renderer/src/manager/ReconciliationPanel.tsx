import { formatMoney } from '../../../shared/money.ts';
import type { Reconciliation } from '../../../shared/reports.ts';
import { clock } from '../../../shared/clock.ts';
import { reconciliationSummary } from './format.ts';

/** The service's order list for the day set against the journal, with what is on one side only. */
export function ReconciliationPanel({ reconciliation: r, timeZone }: { reconciliation: Reconciliation; timeZone: string }) {
  const mismatch = r.checked && (r.missingHere.length > 0 || r.missingThere.length > 0);
  return (
    <section className={mismatch || !r.checked ? 'panel warn' : 'panel'} aria-label="Reconciliation">
      <h2>Against the eSIM service’s orders</h2>
      <p>{reconciliationSummary(r)}</p>
      {r.checked && r.missingHere.length > 0 && (
        <>
          <h3>At the service, not in this counter’s journal</h3>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Order</th>
                <th scope="col">Description</th>
                <th scope="col" className="num">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {r.missingHere.map((o) => (
                <tr key={o.code}>
                  <td>{clock(o.createdAt, timeZone)}</td>
                  <td className="mono">{o.code}</td>
                  <td>{o.description ?? ''}</td>
                  <td className="num">{formatMoney(o.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {r.checked && r.missingThere.length > 0 && (
        <>
          <h3>In this counter’s journal, not at the service</h3>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Reference</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {r.missingThere.map((o) => (
                <tr key={`${o.kind}-${o.id}`}>
                  <td>{o.kind === 'sale' ? 'Sale' : 'Top-up'}</td>
                  <td className="mono">{o.reference}</td>
                  <td className="mono">{o.code ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
