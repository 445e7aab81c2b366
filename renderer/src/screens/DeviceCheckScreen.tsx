import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DeviceMatch } from '../../../shared/esims.ts';
import { describeError } from '../errors.ts';
import { useStore } from '../state/store.ts';
import { deviceName, osLabel, verdictMatch } from '../components/counter/device-match.ts';
import '../counter.css';

/** Is the customer's phone on the compatible-device list? Instant search, and what else to check. */
export function DeviceCheckScreen() {
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
      <h1>Device check</h1>
      <div className="device-check">
        <section className="panel" aria-label="Search the compatible-device list">
          <label className="iccid-label" htmlFor="device-search">
            Customer’s phone
          </label>
          <input
            ref={input}
            id="device-search"
            type="search"
            className="text-input search-wide"
            placeholder="e.g. iPhone 15, Galaxy S23, Pixel 8"
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
            Type the brand or model as it says in the phone’s settings (About phone). Typos are fine. <kbd>↑</kbd> <kbd>↓</kbd>{' '}
            choose, <kbd>Esc</kbd> clears.
          </p>
          {devices.status === 'failed' && (
            <p className="notice error" role="alert">
              {describeError(devices.error)}
            </p>
          )}
          {matches.length > 0 && chosen === null && (
            <p className="list-note">Closest matches on the list — pick the customer’s model if it is there:</p>
          )}
          {matches.length > 0 && (
            <ul id="device-results" className="device-list" role="listbox" aria-label="Compatible devices">
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
                  <span className="chip chip-ok">On the list</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="panel verdict-panel" aria-labelledby="verdict-heading" aria-live="polite">
          {!answered ? (
            <>
              <h2 id="verdict-heading">Type the phone’s name</h2>
              <p className="muted">The answer shows here as you type.</p>
            </>
          ) : device ? (
            <>
              <h2 id="verdict-heading" className="verdict good">
                <span aria-hidden="true">✓</span> Supported
              </h2>
              {guessed ? (
                <p className="verdict-device">
                  Did you mean {deviceName(device)}
                  {device.model ? ` (${device.model})` : ''}? It is on the eSIM service’s compatible-device list.
                </p>
              ) : (
                <p className="verdict-device">
                  {deviceName(device)}
                  {device.model ? ` (${device.model})` : ''} is on the eSIM service’s compatible-device list.
                </p>
              )}
              <p className="muted">
                {guessed
                  ? `“${query.trim()}” is spelt differently: check the name in the phone’s settings.`
                  : 'Check that this is the customer’s exact model — the closest matches come first.'}
              </p>
            </>
          ) : (
            <>
              <h2 id="verdict-heading" className="verdict bad">
                <span aria-hidden="true">✗</span> Not listed
              </h2>
              <p className="verdict-device">“{query.trim()}” is not on the compatible-device list.</p>
              {matches.length > 0 && <p>If the customer’s phone is among the closest matches, pick it.</p>}
              <p>
                Check the spelling in the phone’s settings. A phone that is not listed may still take an eSIM if it shows an EID
                (below) — but do not promise it; sell only when the customer accepts that risk.
              </p>
            </>
          )}
          <h3>Also check before selling</h3>
          <ul className="checks">
            <li>
              <strong>Carrier lock.</strong> A phone locked to its home carrier cannot use another eSIM. iPhone: Settings →
              General → About → Carrier Lock must say “No SIM restrictions”. Android: ask whether it was bought on a contract.
            </li>
            <li>
              <strong>EID.</strong> A phone with an eSIM chip shows a 32-digit EID: dial <kbd>*#06#</kbd>, or look in Settings →
              General → About (iPhone) or Settings → About phone → Status (Android). No EID, no eSIM.
            </li>
            <li>
              <strong>Country model.</strong> Some models sold in mainland China, Hong Kong or Macao have no eSIM.
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
