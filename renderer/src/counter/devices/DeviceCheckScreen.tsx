import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { DeviceMatch } from '../../../../shared/esims.ts';
import { describeError } from '../../errors.ts';
import { useStore } from '../../state/store.ts';
import { deviceName, osLabel, verdictMatch } from './device-match.ts';
import '../../ui/counter-screens.css';

/** Is the customer's phone on the compatible-device list? Instant search, and what else to check. */
export function DeviceCheckScreen() {
  const { t } = useTranslation('devices');
  const query = useStore((s) => s.deviceQuery);
  const devices = useStore((s) => s.devices);
  /** The match the clerk picked (arrow keys, click): that is the customer's phone. */
  const [picked, setPicked] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const matches = devices.status === 'ready' ? devices.value : [];
  const answered = query.trim() !== '' && devices.status === 'ready';
  // The verdict is about one row, and only that row is highlighted: the picked one, else the one
  // that answers what was typed (a typo forgiven), else none: "not listed" points at no row.
  const auto = picked === null ? verdictMatch(query, matches) : null;
  const chosen = picked !== null && picked < matches.length ? picked : (auto?.index ?? null);
  const device: DeviceMatch | null = chosen === null ? null : (matches[chosen] ?? null);
  const guessed = auto?.quality === 'close';
  const named = device ? `${deviceName(device)}${device.model ? ` (${device.model})` : ''}` : '';

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      if (matches.length > 0) setPicked(chosen === null ? 0 : Math.min(matches.length - 1, chosen + 1));
    } else if (event.key === 'ArrowUp') {
      if (matches.length > 0) setPicked(Math.max(0, (chosen ?? 0) - 1));
    } else if (event.key === 'Escape') {
      void useStore.getState().searchDevices('');
      setPicked(null);
    } else return;
    event.preventDefault();
  };

  return (
    <div className="counter-flow">
      <h1>{t('heading')}</h1>
      <div className="device-check">
        <section className="panel" aria-label={t('searchLabel')}>
          <label className="iccid-label" htmlFor="device-search">
            {t('phone')}
          </label>
          <input
            ref={input}
            id="device-search"
            type="search"
            className="text-input search-wide"
            placeholder={t('placeholder')}
            autoComplete="off"
            spellCheck={false}
            value={query}
            role="combobox"
            aria-expanded={matches.length > 0}
            aria-controls="device-results"
            aria-activedescendant={chosen === null ? undefined : `device-${chosen}`}
            onKeyDown={onKeyDown}
            onChange={(e) => {
              setPicked(null);
              void useStore.getState().searchDevices(e.target.value);
            }}
          />
          <p className="hint">
            <Trans t={t} i18nKey="hint" components={{ up: <kbd />, down: <kbd />, esc: <kbd /> }} />
          </p>
          {devices.status === 'failed' && (
            <p className="notice error" role="alert">
              {describeError(devices.error)}
            </p>
          )}
          {matches.length > 0 && chosen === null && <p className="list-note">{t('closest')}</p>}
          {matches.length > 0 && (
            <ul id="device-results" className="device-list" role="listbox" aria-label={t('listLabel')}>
              {matches.map((d, i) => (
                <li
                  key={`${d.brand}|${d.name}|${d.model ?? ''}`}
                  id={`device-${i}`}
                  role="option"
                  aria-selected={i === chosen}
                  className={i === chosen ? 'device active' : 'device'}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => setPicked(i)}
                >
                  <span className="device-name">{deviceName(d)}</span>
                  <span className="device-meta">
                    {d.model ? `${d.model} · ` : ''}
                    {osLabel(d.os)}
                  </span>
                  <span className="chip chip-ok">{t('onList')}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="panel verdict-panel" aria-labelledby="verdict-heading" aria-live="polite">
          {!answered ? (
            <>
              <h2 id="verdict-heading">{t('ask.title')}</h2>
              <p className="muted">{t('ask.body')}</p>
            </>
          ) : device ? (
            <>
              <h2 id="verdict-heading" className="verdict good">
                <span aria-hidden="true">✓</span> {t('supported.title')}
              </h2>
              <p className="verdict-device">
                {guessed ? t('supported.didYouMean', { device: named }) : t('supported.onList', { device: named })}
              </p>
              <p className="muted">{guessed ? t('supported.spelt', { query: query.trim() }) : t('supported.exactModel')}</p>
            </>
          ) : (
            <>
              <h2 id="verdict-heading" className="verdict bad">
                <span aria-hidden="true">✗</span> {t('notListed.title')}
              </h2>
              <p className="verdict-device">{t('notListed.notOnList', { query: query.trim() })}</p>
              {matches.length > 0 && <p>{t('notListed.pick')}</p>}
              <p>{t('notListed.risk')}</p>
            </>
          )}
          <h3>{t('also.heading')}</h3>
          <ul className="checks">
            <li>
              <Trans t={t} i18nKey="also.carrierLock" components={{ b: <strong /> }} />
            </li>
            <li>
              <Trans t={t} i18nKey="also.eid" components={{ b: <strong />, code: <kbd dir="ltr" /> }} />
            </li>
            <li>
              <Trans t={t} i18nKey="also.countryModel" components={{ b: <strong /> }} />
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
