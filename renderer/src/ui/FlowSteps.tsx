import { useFormats } from '../i18n/format.ts';

/** Where the clerk is in a flow of steps; a glance tells a colleague taking over. */
export function FlowSteps<K extends string>({
  steps,
  current,
  label,
}: {
  steps: readonly { key: K; label: string }[];
  current: K;
  label: string;
}) {
  const f = useFormats();
  const index = steps.findIndex((s) => s.key === current);
  return (
    <ol className="sell-steps" aria-label={label}>
      {steps.map((s, i) => (
        <li
          key={s.key}
          className={i < index ? 'done' : i === index ? 'current' : undefined}
          aria-current={i === index ? 'step' : undefined}
        >
          <span className="step-no">{i < index ? '✓' : f.number(i + 1)}</span> {s.label}
        </li>
      ))}
    </ol>
  );
}
