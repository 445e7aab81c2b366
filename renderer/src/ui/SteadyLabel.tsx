import './steady-label.css';

/**
 * A control's words that change with its state ("Refresh", "Reading…") in a box as wide as the
 * widest of them: the control keeps its width, so nothing beside it moves when the words change.
 * Only the words shown are read out.
 */
export function SteadyLabel({ shown, others }: { shown: string; others: readonly string[] }) {
  return (
    <span className="steady-label">
      <span>{shown}</span>
      {others
        .filter((words) => words !== shown)
        .map((words) => (
          <span key={words} className="steady-label-other" aria-hidden="true">
            {words}
          </span>
        ))}
    </span>
  );
}
