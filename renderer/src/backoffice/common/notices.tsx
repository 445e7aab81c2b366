/** What a back-office screen says of itself: a refusal, a form's outcome, "Loading…". */
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import { describeError } from '../../errors.ts';

/** A refusal as an alert: an AppError in the reader's language, or words a screen made already. */
export function ErrorNotice({ error }: { error: AppError | string | null }) {
  // Re-renders when the language changes: an AppError's words come from the errors namespace.
  useTranslation('errors');
  if (!error) return null;
  return (
    <div className="notice error" role="alert">
      {typeof error === 'string' ? error : describeError(error)}
    </div>
  );
}

/** What a save or change came to: said in words, kept until the manager edits again. */
export type Outcome = { readonly ok: boolean; readonly text: string } | null;

/** A form's outcome: a quiet "Saved." beside its button, or the refusal as an alert. */
export function OutcomeNotice({ outcome, block = false }: { outcome: Outcome; block?: boolean }) {
  if (!outcome) return null;
  if (!outcome.ok) return <ErrorNotice error={outcome.text} />;
  const Tag = block ? 'p' : 'span';
  return (
    <Tag className="saved" role="status">
      {outcome.text}
    </Tag>
  );
}

/** "Loading…" while a screen or panel waits for the backend. */
export function Loading() {
  const { t } = useTranslation('manager');
  return (
    <p className="muted" role="status">
      {t('loading')}
    </p>
  );
}
