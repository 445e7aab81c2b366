import { useState } from 'react';
import type { PrinterSettings } from '../../../shared/settings.ts';
import { useManager } from './store.ts';
import { OutcomeNotice, type Outcome } from './parts.tsx';

/**
 * Where vouchers print at this counter. The desktop app prints to the named printer without a
 * dialog when asked to; in browser mode the browser's own print dialog is always used.
 */
export function PrinterPanel({ printer }: { printer: PrinterSettings }) {
  const [draft, setDraft] = useState(printer);
  const [name, setName] = useState(printer.printerName ?? '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);
  const next: PrinterSettings = { ...draft, printerName: name.trim() || null };
  const changed = JSON.stringify(next) !== JSON.stringify(printer);

  return (
    <form
      className="panel settings-form"
      aria-label="Printer"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void useManager
          .getState()
          .saveSettings({ printer: next })
          .then((failure) => setMessage(failure ? { ok: false, text: failure } : { ok: true, text: 'Saved.' }))
          .finally(() => setBusy(false));
      }}
    >
      <h2>Printer</h2>
      <label>
        Printer name
        <input
          className="text-input"
          value={name}
          placeholder="The system’s default printer"
          onChange={(e) => {
            setName(e.target.value);
            setMessage(null);
          }}
        />
      </label>
      <fieldset className="choice-row">
        <legend>Paper</legend>
        {(
          [
            ['receipt80', '80 mm receipt'],
            ['a4', 'A4'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="check-line">
            <input
              type="radio"
              name="paper"
              checked={draft.paper === value}
              onChange={() => {
                setDraft({ ...draft, paper: value });
                setMessage(null);
              }}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <label className="check-line">
        <input
          type="checkbox"
          checked={draft.silent}
          disabled={!name.trim()}
          onChange={(e) => {
            setDraft({ ...draft, silent: e.target.checked });
            setMessage(null);
          }}
        />{' '}
        Print without asking (desktop app, named printer only)
      </label>
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy || !changed}>
          {busy ? 'Saving…' : 'Save printer'}
        </button>
        <OutcomeNotice outcome={message} />
      </div>
    </form>
  );
}
