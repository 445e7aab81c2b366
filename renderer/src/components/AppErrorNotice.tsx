import type { AppError } from '../../../shared/errors.ts';
import { describeError } from '../errors.ts';

/** A refused call in words, with the service's words per field under it when they add something. */
export function AppErrorNotice({ error, withFields = true }: { error: AppError; withFields?: boolean }) {
  return (
    <div className="notice error" role="alert">
      <p>{describeError(error)}</p>
      {withFields && error.fields && (
        <ul>
          {Object.entries(error.fields).map(([field, text]) => (
            <li key={field}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
