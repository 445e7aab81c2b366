import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The id of the heading that names the pad ("Hello Chris, enter your PIN"). */
  labelledBy: string;
  busy: boolean;
  error: ReactNode;
  onChange(): void;
  /** Resolves true when the PIN was accepted. */
  onSubmit(pin: string): Promise<boolean>;
};

const MAX_DIGITS = 8;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;

/**
 * A PIN pad for touch and for the keyboard: digits, Backspace, Escape to clear, Enter to sign in.
 * Enter on a focused key presses that key, as Enter on any button does: someone who moves through
 * the keys with Tab and presses them with Enter must not send a half-typed PIN and burn a try.
 * The pad takes the focus when it opens and again after a refused PIN, so typing goes on from there.
 */
export function PinPad({ labelledBy, busy, error, onChange, onSubmit }: Props) {
  const { t } = useTranslation('signin');
  const [pin, setPin] = useState('');
  const [pasteRefused, setPasteRefused] = useState(false);
  const pad = useRef<HTMLDivElement>(null);

  useEffect(() => {
    pad.current?.focus();
  }, []);

  const press = (key: (typeof KEYS)[number] | 'enter') => {
    if (busy) return;
    if (key === 'enter') {
      if (pin.length === 0) return;
      void onSubmit(pin).then((accepted) => {
        if (accepted) return;
        setPin('');
        // The Sign-in button the person may have pressed is disabled now: the focus would fall to the page.
        pad.current?.focus();
      });
      return;
    }
    onChange();
    setPasteRefused(false);
    if (key === 'back') setPin((p) => p.slice(0, -1));
    else if (key === 'clear') setPin('');
    else setPin((p) => (p.length < MAX_DIGITS ? p + key : p));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (/^[0-9]$/.test(event.key)) press(event.key as (typeof KEYS)[number]);
      else if (event.key === 'Backspace') press('back');
      else if (event.key === 'Escape') press('clear');
      else if (event.key === 'Enter') {
        // A focused button (a key, Back, Sign in) does what it says, by its own click.
        if (event.target instanceof HTMLButtonElement) return;
        press('enter');
      } else return;
      event.preventDefault();
    };
    // A pasted PIN is taken when it is one (digits only); anything else is said, never dropped in silence.
    const onPaste = (event: ClipboardEvent) => {
      if (busy) return;
      const text = (event.clipboardData?.getData('text') ?? '').trim();
      event.preventDefault();
      onChange();
      if (new RegExp(`^[0-9]{1,${MAX_DIGITS}}$`).test(text)) {
        setPasteRefused(false);
        setPin(text);
      } else setPasteRefused(true);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('paste', onPaste);
    };
  });

  return (
    <div className="pinpad" ref={pad} role="group" aria-labelledby={labelledBy} tabIndex={-1}>
      <div className="pin-dots" aria-label={t('pin.entered', { count: pin.length })} role="status">
        {Array.from({ length: Math.max(4, pin.length) }, (_, i) => (
          <span key={i} className={i < pin.length ? 'dot filled' : 'dot'} />
        ))}
      </div>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      {pasteRefused && !error && (
        <p className="notice warn" role="alert">
          {t('pin.pasteRefused', { max: MAX_DIGITS })}
        </p>
      )}
      <div className="pin-keys">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className={`pin-key key-${key}`}
            disabled={busy}
            aria-label={key === 'back' ? t('pin.deleteLast') : key === 'clear' ? t('pin.clear') : key}
            onClick={() => press(key)}
          >
            {key === 'back' ? '⌫' : key === 'clear' ? 'C' : key}
          </button>
        ))}
      </div>
      <button type="button" className="button pin-ok" disabled={busy || pin.length === 0} onClick={() => press('enter')}>
        {busy ? t('pin.checking') : t('pin.signIn')}
      </button>
    </div>
  );
}
