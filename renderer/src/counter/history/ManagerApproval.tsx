import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffTile } from '../../../../shared/contract.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { describeError, pinProblemWords } from '../../errors.ts';

type Props = {
  managers: readonly StaffTile[] | null;
  busy: boolean;
  error: AppError | null;
  onApprove(managerStaffId: string, pin: string): Promise<boolean>;
  onCancel(): void;
  onEdit(): void;
};

/** A manager steps up to the counter, picks their name and types their PIN. Escape cancels. */
export function ManagerApproval({ managers, busy, error, onApprove, onCancel, onEdit }: Props) {
  const [managerId, setManagerId] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const { t } = useTranslation(['history', 'common', 'errors']);
  // Kept as which problem, worded when shown: a change of language words it again.
  const [problem, setProblem] = useState<'manager' | 'pin' | null>(null);
  const pinInput = useRef<HTMLInputElement>(null);
  const chosen = managerId ?? (managers?.length === 1 ? managers[0]!.id : null);

  useEffect(() => {
    if (chosen) pinInput.current?.focus();
  }, [chosen]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!chosen) {
      setProblem('manager');
      return;
    }
    if (!/^\d{4,8}$/.test(pin)) {
      setProblem('pin');
      pinInput.current?.focus();
      return;
    }
    void onApprove(chosen, pin).then((ok) => {
      if (!ok) {
        setPin('');
        pinInput.current?.focus();
      }
    });
  };

  return (
    <form className="approval notice warn" role="dialog" aria-labelledby="approval-heading" noValidate onSubmit={submit}>
      <h3 id="approval-heading">{t('approval.heading')}</h3>
      <p>{t('approval.why')}</p>
      {managers === null ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t('approval.loading')}
        </p>
      ) : managers.length === 0 ? (
        <p className="field-error">{t('approval.none')}</p>
      ) : (
        <fieldset className="field">
          <legend>{t('approval.manager')}</legend>
          <div className="choice-tiles" role="radiogroup" aria-label={t('approval.manager')}>
            {managers.map((m, i) => (
              <label key={m.id} className={`choice-tile${chosen === m.id ? ' chosen' : ''}`}>
                <input
                  type="radio"
                  name="approving-manager"
                  value={m.id}
                  checked={chosen === m.id}
                  autoFocus={i === 0 && !chosen}
                  onChange={() => {
                    setProblem(null);
                    setManagerId(m.id);
                  }}
                />
                {m.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <label className="field">
        <span className="label">{t('approval.pin')}</span>
        <input
          ref={pinInput}
          className="text-input pin-input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          aria-invalid={error !== null || problem !== null}
          onChange={(e) => {
            setProblem(null);
            onEdit();
            setPin(e.target.value.replace(/\D/g, ''));
          }}
        />
      </label>
      {(problem || error) && (
        <p className="field-error" role="alert">
          {problem === 'manager' ? t('approval.choose') : problem === 'pin' ? pinProblemWords('format') : describeError(error!)}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('common:action.cancel')} <kbd>Esc</kbd>
        </button>
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
          {busy ? (
            <>
              <span className="spinner light" aria-hidden="true" /> {t('approval.checking')}
            </>
          ) : (
            <>
              {t('approval.approve')} <kbd>Enter</kbd>
            </>
          )}
        </button>
      </div>
    </form>
  );
}
