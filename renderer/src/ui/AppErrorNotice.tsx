import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/errors.ts';
import { describeError, describeErrorParts } from '../errors.ts';

/**
 * A refused call in words, with each field's problem under it (and the eSIM service's own words
 * per field, quoted as it said them) when `withFields`.
 */
export function AppErrorNotice({ error, withFields = true }: { error: AppError; withFields?: boolean }) {
  // Re-renders when the language changes: the words come from the errors namespace.
  useTranslation('errors');
  // Without the list, a refused input with no reason of its own is said by its fields' problems.
  const { headline, fields } = withFields ? describeErrorParts(error) : { headline: describeError(error), fields: [] };
  return (
    <div className="notice error" role="alert">
      <p>{headline}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
