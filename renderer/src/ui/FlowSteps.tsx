import { useFormats } from '../i18n/format.ts';

/**
 * Where the clerk is in a flow of steps; a glance tells a colleague taking over. A step this flow
 * went past without doing (`skipped`) keeps its number: it is not ticked as done.
 */
export function FlowSteps<K extends string>({
  steps,
  current,
  label,
  skipped = [],
}: {
  steps: readonly { key: K; label: string }[];
  current: K;
  label: string;
  skipped?: readonly K[];
}) {
  const f = useFormats();
  const index = steps.findIndex((s) => s.key === current);
  return (
    <ol className="sell-steps" aria-label={label}>
      {steps.map((s, i) => {
        const done = i < index && !skipped.includes(s.key);
        return (
          <li
            key={s.key}
            className={done ? 'done' : i === index ? 'current' : undefined}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className="step-no">{done ? '✓' : f.number(i + 1)}</span> {s.label}
          </li>
        );
      })}
    </ol>
  );
}
