import { useEffect, useState } from 'react';
import { clock } from '../../../shared/clock.ts';
import type { DisplayState } from '../../../shared/display.ts';
import { formatMoney } from '../../../shared/money.ts';
import { QrCode } from '../components/QrCode.tsx';
import { LANGUAGES, WORDS, type Language } from '../i18n/install.ts';
import { useStoreTimeZone } from '../clock.ts';
import { useStore } from '../state/store.ts';

/** A safety net beside the events: the display asks again now and then (events can be missed on a reconnect). */
const RELOAD_MS = 20_000;

/**
 * The customer-facing screen (route /display). No clerk controls: it renders only what
 * display.current and display.changed say, in large type, in the language the customer picks.
 */
export function CustomerDisplay({ connected }: { connected: boolean }) {
  const display = useStore((s) => s.display);
  const [language, setLanguage] = useState<Language>('en');
  const now = useNow(display?.kind === 'install' ? 1000 : null);

  useEffect(() => {
    if (!connected) return;
    // app.info brings the store's time zone: the display's machine may be set to another.
    void useStore.getState().loadInfo();
    void useStore.getState().loadDisplay();
    const timer = setInterval(() => void useStore.getState().loadDisplay(), RELOAD_MS);
    return () => clearInterval(timer);
  }, [connected]);

  // The next customer starts in the default language again (state adjusted during render, as React advises).
  const [lastKind, setLastKind] = useState(display?.kind);
  if (display?.kind !== lastKind) {
    setLastKind(display?.kind);
    if (display?.kind === 'idle') setLanguage('en');
  }

  useEffect(() => {
    document.title = 'Customer display';
    document.documentElement.lang = language;
  }, [language]);

  if (!connected) {
    return (
      <main className="cd cd-idle" role="alert">
        <p className="cd-big">Customer display not connected. Open it from the counter window.</p>
      </main>
    );
  }

  // The backend clears the QR on its own timer; if that event is lost, the QR still goes at clearsAt.
  const expired = display?.kind === 'install' && now >= Date.parse(display.clearsAt);
  const state: DisplayState | null = expired ? { kind: 'idle', storeName: '', practice: display.practice } : display;
  const words = WORDS[language];

  return (
    <main className={`cd cd-${state?.kind ?? 'idle'}`} data-kind={state?.kind ?? 'loading'}>
      {state?.practice && (
        <div className="cd-training" role="note">
          {state.practice} — {words.practiceHint}
        </div>
      )}
      <div className="cd-body">{state ? <Body state={state} language={language} /> : <p className="cd-big">…</p>}</div>
      <nav className="cd-languages" aria-label={words.language}>
        {LANGUAGES.map((l) => (
          <button
            key={l.code}
            type="button"
            lang={l.code}
            className={l.code === language ? 'cd-lang active' : 'cd-lang'}
            aria-pressed={l.code === language}
            onClick={() => setLanguage(l.code)}
          >
            {l.name}
          </button>
        ))}
      </nav>
    </main>
  );
}

function Body({ state, language }: { state: DisplayState; language: Language }) {
  const words = WORDS[language];
  switch (state.kind) {
    case 'idle':
      return (
        <div className="cd-center">
          <h1 className="cd-huge">{words.welcome(state.storeName || 'our store')}</h1>
          <p className="cd-big">{words.idleHint}</p>
        </div>
      );
    case 'offer':
      return (
        <div className="cd-center">
          <p className="cd-label">{words.offerHeading}</p>
          <h1 className="cd-huge">{state.dataText}</h1>
          <p className="cd-big">
            {words.validFor(state.days)} · {state.coverageName}
          </p>
          {state.quantity > 1 && <p className="cd-big">{words.quantity(state.quantity)}</p>}
          <p className="cd-price">{formatMoney(state.price, language)}</p>
        </div>
      );
    case 'install':
      return <Install state={state} language={language} />;
    case 'thanks':
      return (
        <div className="cd-center">
          <h1 className="cd-huge">{words.thanks}</h1>
          <p className="cd-big">{words.thanksHint}</p>
        </div>
      );
    case 'topup':
      return (
        <div className="cd-center">
          <p className="cd-label">{words.topupHeading}</p>
          <h1 className="cd-huge">+ {state.dataText}</h1>
          <p className="cd-big">
            {words.validFor(state.days)} · {words.esimEnding(state.iccidTail)}
          </p>
          <p className="cd-price">{formatMoney(state.price, language)}</p>
        </div>
      );
    case 'topup_done':
      return (
        <div className="cd-center">
          <h1 className="cd-huge">{words.topupDone}</h1>
          <p className="cd-big">
            + {state.dataText} · {words.validFor(state.days)} · {words.esimEnding(state.iccidTail)}
          </p>
          <p className="cd-big">{words.topupDoneHint}</p>
        </div>
      );
  }
}

function Install({ state, language }: { state: Extract<DisplayState, { kind: 'install' }>; language: Language }) {
  const words = WORDS[language];
  const [index, setIndex] = useState(0);
  const zone = useStoreTimeZone();
  const esim = state.esims[index] ?? state.esims[0];
  // The store's clock in the customer's language (24-hour, as on every screen).
  const clears = clock(state.clearsAt, zone, language);
  if (!esim) return null;
  return (
    <div className="cd-install">
      <div className="cd-codes">
        <figure className="cd-qr">
          <QrCode text={esim.qrcode} size={460} label="Install QR code" />
          <figcaption>{words.scanAny}</figcaption>
        </figure>
        {esim.appleInstallUrl && (
          <figure className="cd-qr cd-apple">
            <QrCode text={esim.appleInstallUrl} size={260} label="Apple one-tap install QR code" />
            <figcaption>{words.scanIphone}</figcaption>
          </figure>
        )}
      </div>
      <div className="cd-steps">
        <h1>{words.installHeading}</h1>
        <p className="cd-label">
          {state.packageTitle}
          {state.esims.length > 1 && ` · ${words.esimOf(index + 1, state.esims.length)}`}
        </p>
        <ol>
          {words.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {state.esims.length > 1 && (
          <div className="cd-esim-switch">
            {state.esims.map((e, i) => (
              <button
                key={e.iccidTail}
                type="button"
                className={i === index ? 'cd-lang active' : 'cd-lang'}
                onClick={() => setIndex(i)}
              >
                {words.esimOf(i + 1, state.esims.length)}
              </button>
            ))}
          </div>
        )}
        <p className="cd-clears">{words.clearsAt(clears)}</p>
      </div>
    </div>
  );
}

/** The current time, ticking only while something on screen depends on it. */
function useNow(tickMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (tickMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
