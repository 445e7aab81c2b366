import type { Environment } from '../../../shared/contract.ts';
import { PRACTICE_MARK } from '../../../shared/display.ts';

// The mark leads, the same word the customer display and the printouts use.
const TEXT: Record<Exclude<Environment, 'production'>, string> = {
  demo: `${PRACTICE_MARK.demo} — practice only: no real eSIMs, no charges`,
  partner_sandbox: `${PRACTICE_MARK.partner_sandbox} — partner sandbox. eSIMs sold here do not work on phones.`,
};

/** Anything but Production says so on every screen, so nobody sells a practice eSIM for money. */
export function EnvironmentBanner({ environment }: { environment: Environment }) {
  if (environment === 'production') return null;
  return (
    <div className={`env-banner env-${environment}`} role="status">
      {TEXT[environment]}
    </div>
  );
}
