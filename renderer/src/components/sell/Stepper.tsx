export type SellStep = 'choose' | 'details' | 'confirm' | 'result';

const STEPS: { key: SellStep; label: string }[] = [
  { key: 'choose', label: 'Country & package' },
  { key: 'details', label: 'Details' },
  { key: 'confirm', label: 'Confirm' },
  { key: 'result', label: 'eSIM' },
];

/** Where the clerk is in the sale; a glance tells a colleague taking over. */
export function Stepper({ step }: { step: SellStep }) {
  const current = STEPS.findIndex((s) => s.key === step);
  return (
    <ol className="sell-steps" aria-label="Sale steps">
      {STEPS.map((s, i) => (
        <li
          key={s.key}
          className={i < current ? 'done' : i === current ? 'current' : undefined}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="step-no">{i < current ? '✓' : i + 1}</span> {s.label}
        </li>
      ))}
    </ol>
  );
}
