import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeIccid, type IccidResult } from '../../../shared/iccid.ts';
import { useScannerBurst } from './useScannerBurst.ts';
import { iccidProblemWords } from '../errors.ts';
import { CameraScan } from '../counter/camera/CameraScan.tsx';

type Props = {
  /** Id of the input, for its label and for tests. */
  id: string;
  /** What the button says: "Find top-ups", "Check usage". */
  action: string;
  busy: boolean;
  /** The backend's word on the ICCID (bad_input), shown under the field. */
  problem?: string | null;
  /** A value the field starts with and looks up at once (a hand-over, a scan on another step). */
  preset?: string | null;
  /** What the field shows when it mounts, without looking it up. */
  initial?: string;
  autoFocus?: boolean;
  onLookUp(iccid: string): void;
  /** An entry that is not an ICCID: what the screen shows of the previous eSIM no longer stands. */
  onRefused?(): void;
};

/**
 * The ICCID field of the Top-up and Usage screens. Typing and Enter look it up; so does a barcode
 * scanner's burst wherever the focus is, and a code read by the camera. The shape is checked here so the clerk hears at once
 * what is wrong ("15 digits, like an IMEI"); the backend checks it again.
 */
export function IccidField({ id, action, busy, problem, preset, initial, autoFocus = true, onLookUp, onRefused }: Props) {
  const { t } = useTranslation(['topup', 'errors']);
  const [value, setValue] = useState(preset ?? initial ?? '');
  // A hand-over that breaks the rules says why at once, like a typed one.
  // Kept as the problem, worded when shown: a change of language words it again.
  const [local, setLocal] = useState<Extract<IccidResult, { ok: false }> | null>(() => {
    const parsed = preset ? normalizeIccid(preset) : null;
    return parsed && !parsed.ok ? parsed : null;
  });
  const input = useRef<HTMLInputElement>(null);

  const lookUp = (raw: string) => {
    const parsed = normalizeIccid(raw);
    if (!parsed.ok) {
      setLocal(parsed);
      onRefused?.();
      input.current?.focus();
      return;
    }
    setLocal(null);
    onLookUp(parsed.iccid);
  };

  useScannerBurst((scanned) => {
    // Keys typed into this field before a pause the burst did not count ("89", then a stall of a
    // busy machine) are still in the field: when only the field's whole value is an ICCID, it wins.
    const field = input.current && document.activeElement === input.current ? input.current.value : '';
    const text = !normalizeIccid(scanned).ok && field.endsWith(scanned) && normalizeIccid(field).ok ? field : scanned;
    setValue(text);
    lookUp(text);
  });

  // A hand-over is looked up once, when the field appears with it (the parent remounts it for a new one).
  useEffect(() => {
    const parsed = preset ? normalizeIccid(preset) : null;
    if (parsed?.ok) onLookUp(parsed.iccid);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) lookUp(value);
  };

  const shown = (local && iccidProblemWords(local)) ?? problem ?? null;
  return (
    <form className="iccid-form" noValidate onSubmit={submit} role="search" aria-label="ICCID">
      <label className="iccid-label" htmlFor={id}>
        ICCID
      </label>
      <div className="iccid-row">
        <input
          ref={input}
          id={id}
          data-scanner-target=""
          className="text-input iccid-input"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder="89…"
          value={value}
          aria-invalid={shown !== null}
          aria-describedby={`${id}-hint${shown ? ` ${id}-problem` : ''}`}
          onChange={(e) => {
            setLocal(null);
            setValue(e.target.value);
          }}
        />
        <button type="submit" className="button primary big" disabled={busy} aria-busy={busy}>
          {busy ? (
            <>
              <span className="spinner light" aria-hidden="true" /> {t('iccidField.lookingUp')}
            </>
          ) : (
            <>
              {action} <kbd>Enter</kbd>
            </>
          )}
        </button>
        <CameraScan
          disabled={busy}
          onIccid={(iccid) => {
            setValue(iccid);
            lookUp(iccid);
          }}
        />
      </div>
      <p id={`${id}-hint`} className="hint">
        {t('iccidField.hint')}
      </p>
      {shown && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {shown}
        </p>
      )}
    </form>
  );
}
