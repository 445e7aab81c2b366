import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayState } from '../../../../shared/display.ts';
import { CUSTOMER_LANGUAGES, endonym, type CustomerLanguage } from '../../../../shared/languages.ts';
import { LiveWords } from '../../ui/LiveWords.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { SHORT_STEPS } from '../install/short-steps.ts';
import { DisplayBasket } from './DisplayBasket.tsx';
import { DISPLAY_NAMESPACES } from './namespaces.ts';
import { placeName } from '../esim/package-words.ts';
import { customerFormats, type Formats } from '../../i18n/format.ts';
import { showLanguage } from '../../i18n/i18n.ts';
import { useStore } from '../../state/store.ts';

/** A safety net beside the events: the display asks again now and then (events can be missed on a reconnect). */
const RELOAD_MS = 20_000;

/** Seconds before the QR goes at which a screen reader is told, once each (not every second). */
const COUNTDOWN_MARKS = [10, 30] as const;

/**
 * What a screen reader says about the QR's time: when it appears, the time it goes; then at the
 * last 30 and 10 seconds, how long is left. The words change only at those marks, so a polite live
 * region reads each once.
 */
export function countdownSaid(
  state: DisplayState | null,
  now: number,
): { clearsAt: string } | { clearsIn: (typeof COUNTDOWN_MARKS)[number] } | null {
  if (state?.kind !== 'install') return null;
  const left = Date.parse(state.clearsAt) - now;
  if (left <= 0) return null;
  const mark = COUNTDOWN_MARKS.find((seconds) => left <= seconds * 1000);
  return mark ? { clearsIn: mark } : { clearsAt: state.clearsAt };
}

/**
 * The customer-facing screen (route /display). No clerk controls: it renders only what
 * display.current and display.changed say, in large type, in the language the customer picks at
 * its language bar (kept by the backend, so the counter prints the voucher in it too).
 */
export function CustomerDisplay({ connected }: { connected: boolean }) {
  const { t, i18n } = useTranslation(DISPLAY_NAMESPACES);
  const display = useStore((s) => s.display);
  // Subscribed for the store's clock and locale: the values below are written on it.
  useStore((s) => s.info);
  const now = useNow(display?.kind === 'install' ? 1000 : null);
  const wanted = display?.customerLanguage ?? 'en';
  // The page's language (and direction) once the words have arrived; the values follow the words.
  const language = i18n.language;

  useEffect(() => {
    if (!connected) return;
    // app.info brings the store's time zone: the display's machine may be set to another.
    void useStore.getState().loadInfo();
    void useStore.getState().loadDisplay();
    const timer = setInterval(() => void useStore.getState().loadDisplay(), RELOAD_MS);
    return () => clearInterval(timer);
  }, [connected]);

  useEffect(() => {
    void showLanguage(wanted, DISPLAY_NAMESPACES);
  }, [wanted]);

  useEffect(() => {
    document.title = t('display:title');
  }, [t]);

  if (!connected) {
    return (
      <main className="cd cd-idle" role="alert">
        <p className="cd-big">{t('display:notConnected')}</p>
      </main>
    );
  }

  // The backend clears the QR on its own timer; if that event is lost, the QR still goes at clearsAt.
  const expired = display?.kind === 'install' && now >= Date.parse(display.clearsAt);
  const state: DisplayState | null = expired
    ? { kind: 'idle', storeName: '', practice: display.practice, customerLanguage: display.customerLanguage }
    : display;
  const f = customerFormats(language);
  const countdown = countdownSaid(state, now);
  const said = !countdown
    ? ''
    : 'clearsIn' in countdown
      ? t('display:install.clearsIn', { count: countdown.clearsIn })
      : t('display:install.clearsAt', { time: f.time(countdown.clearsAt) });

  return (
    <main className={`cd cd-${state?.kind ?? 'idle'}`} data-kind={state?.kind ?? 'loading'}>
      {state?.practice && (
        <div className="cd-training" role="note">
          {t('display:practice', { mark: state.practice })}
        </div>
      )}
      <div className="cd-body">{state ? <Body state={state} f={f} /> : <p className="cd-big">…</p>}</div>
      <LiveWords words={said} />
      <LanguageBar current={wanted} />
    </main>
  );
}

/**
 * Every customer language, each named in itself so a traveller finds theirs without reading the
 * others. All in sight at once: the bar wraps onto a second row where the screen is narrow.
 */
function LanguageBar({ current }: { current: CustomerLanguage }) {
  const { t } = useTranslation('display');
  return (
    <nav className="cd-languages" aria-label={t('languages')}>
      {CUSTOMER_LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className={code === current ? 'cd-lang active' : 'cd-lang'}
          aria-pressed={code === current}
          onClick={() => void useStore.getState().setCustomerLanguage(code)}
        >
          {endonym(code)}
        </button>
      ))}
    </nav>
  );
}

function Body({ state, f }: { state: DisplayState; f: Formats }) {
  const { t } = useTranslation(DISPLAY_NAMESPACES);
  switch (state.kind) {
    case 'idle':
      return (
        <div className="cd-center">
          <h1 className="cd-huge">
            {state.storeName ? t('display:idle.welcome', { store: state.storeName }) : t('display:idle.welcomePlain')}
          </h1>
          <p className="cd-big">{t('display:idle.hint')}</p>
        </div>
      );
    case 'offer':
      return (
        <div className="cd-center">
          <p className="cd-label">{t('display:offer.heading')}</p>
          <h1 className="cd-huge">
            <bdi>{state.dataText}</bdi>
          </h1>
          <p className="cd-big">
            {t('display:validFor', { count: state.days })} · <bdi>{placeName(state, f)}</bdi>
          </p>
          {state.quantity > 1 && <p className="cd-big">{t('display:offer.quantity', { count: state.quantity })}</p>}
          <p className="cd-price">{f.money(state.price)}</p>
        </div>
      );
    case 'install':
      return <Install state={state} f={f} />;
    case 'emailed':
      return (
        <div className="cd-center cd-emailed">
          <h1 className="cd-huge">{t('display:emailed.heading')}</h1>
          <p className="cd-big">
            <bdi>{state.dataText}</bdi> · {t('display:validFor', { count: state.days })}
          </p>
          <p className="cd-label">{t('display:emailed.to')}</p>
          <p className="cd-email">
            <bdi>{state.email}</bdi>
          </p>
          <p className="cd-big">{t('display:emailed.when', { time: f.dateTime(state.deadline) })}</p>
          <p className="cd-big">{t('display:emailed.refund')}</p>
          <p className="cd-label">{t('display:emailed.check')}</p>
        </div>
      );
    case 'thanks':
      return (
        <div className="cd-center">
          <h1 className="cd-huge">{t('display:thanks.heading')}</h1>
          <p className="cd-big">{t('display:thanks.hint')}</p>
        </div>
      );
    case 'topup':
      return (
        <div className="cd-center">
          <p className="cd-label">{t('display:topup.heading')}</p>
          <h1 className="cd-huge">
            + <bdi>{state.dataText}</bdi>
          </h1>
          <p className="cd-big">
            {t('display:validFor', { count: state.days })} · {t('display:topup.esimEnding', { tail: state.iccidTail })}
          </p>
          <p className="cd-price">{f.money(state.price)}</p>
        </div>
      );
    case 'trip':
      return <Trip state={state} f={f} />;
    case 'basket':
      return <DisplayBasket state={state} f={f} />;
    case 'topup_done':
      return (
        <div className="cd-center">
          <h1 className="cd-huge">{t('display:topup.done')}</h1>
          <p className="cd-big">
            + <bdi>{state.dataText}</bdi> · {t('display:validFor', { count: state.days })} ·{' '}
            {t('display:topup.esimEnding', { tail: state.iccidTail })}
          </p>
          <p className="cd-big">{t('display:topup.doneHint')}</p>
        </div>
      );
  }
}

/** The options the clerk points to, side by side: price, packages, and what each leaves out. */
function Trip({ state, f }: { state: Extract<DisplayState, { kind: 'trip' }>; f: Formats }) {
  const { t } = useTranslation(DISPLAY_NAMESPACES);
  const list = (items: string[]) => new Intl.ListFormat(f.locale).format(items);
  return (
    <div className="cd-center cd-trip-view">
      <p className="cd-label">{t('display:trip.heading')}</p>
      <p className="cd-big">
        <bdi>{state.countries.map((code) => f.country(code)).join(' → ')}</bdi>
      </p>
      <ol className="cd-trip-options">
        {state.options.map((option, i) => {
          const countries = option.uncovered.filter((gap) => gap !== 'days' && gap !== 'data');
          return (
            <li key={i} className={option.uncovered.length ? 'cd-trip-option short' : 'cd-trip-option'}>
              <p className="cd-price">{f.money(option.total)}</p>
              <ul>
                {option.packages.map((p, j) => (
                  <li key={j}>
                    <bdi>{p.dataText}</bdi> · {t('display:validFor', { count: p.days })} · <bdi>{placeName(p, f)}</bdi>
                  </li>
                ))}
              </ul>
              {option.uncovered.length === 0 ? (
                <p className="cd-trip-covered">{t('display:trip.covered')}</p>
              ) : (
                <p className="cd-trip-gaps">
                  {[
                    ...(countries.length
                      ? [t('display:trip.gapCountries', { list: list(countries.map((c) => f.country(c))) })]
                      : []),
                    ...(option.daysShort > 0 ? [t('display:trip.gapDays')] : []),
                    ...(option.dataShortMb > 0 ? [t('display:trip.gapData')] : []),
                  ].join(' · ')}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Install({ state, f }: { state: Extract<DisplayState, { kind: 'install' }>; f: Formats }) {
  const { t } = useTranslation(DISPLAY_NAMESPACES);
  const [index, setIndex] = useState(0);
  const esim = state.esims[index] ?? state.esims[0];
  if (!esim) return null;
  const total = state.esims.length;
  return (
    <div className="cd-install-view">
      <div className="cd-codes">
        <figure className="cd-qr">
          <QrCode text={esim.qrcode} size={460} label={t('install:qrLabel')} />
          <figcaption>{t('install:scan.any')}</figcaption>
        </figure>
        {esim.appleInstallUrl && (
          <figure className="cd-qr cd-apple">
            <QrCode text={esim.appleInstallUrl} size={260} label={t('install:appleQrLabel')} />
            <figcaption>{t('install:scan.iphone')}</figcaption>
          </figure>
        )}
      </div>
      <div className="cd-steps">
        <h1>{t('display:install.heading')}</h1>
        <p className="cd-label">
          <bdi>{state.dataText}</bdi> · {t('display:validFor', { count: state.days })}
          {total > 1 && ` · ${t('install:esimOf', { index: index + 1, total })}`}
        </p>
        <ol aria-label={t('install:steps.label')}>
          {SHORT_STEPS.map((step) => (
            <li key={step}>{t(`install:steps.${step}`)}</li>
          ))}
        </ol>
        {total > 1 && (
          <div className="cd-esim-switch">
            {state.esims.map((e, i) => (
              <button
                key={e.iccidTail}
                type="button"
                className={i === index ? 'cd-lang active' : 'cd-lang'}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                {t('install:esimOf', { index: i + 1, total })}
              </button>
            ))}
          </div>
        )}
        <p className="cd-clears">{t('display:install.clearsAt', { time: f.time(state.clearsAt) })}</p>
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
