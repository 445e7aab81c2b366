import type { Environment } from '../../../shared/contract.ts';

const TEXT: Record<Exclude<Environment, 'production'>, string> = {
  demo: 'DEMO — practice only: no real eSIMs, no charges',
  partner_sandbox: 'TRAINING — partner sandbox. eSIMs sold here do not work on phones.',
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
