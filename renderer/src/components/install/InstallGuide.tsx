import { useState } from 'react';
import type { EsimView } from '../../../../shared/sales.ts';
import { describeError } from '../../errors.ts';
import { LANGUAGES, WORDS, type Language } from '../../i18n/install.ts';
import { clerkGuide, codesOf, markCodes, uiLanguage, type GuideSystem } from './install-guide.ts';
import { useInstallSteps } from './useInstallSteps.ts';
import '../../install-guide.css';

type Props = { esim: EsimView };

/**
 * The short built-in steps, and under a closed disclosure the eSIM service's full steps for
 * iPhone and Android. The short steps stay until the full ones have arrived, so a slow or failed
 * call never leaves the clerk with nothing to read out.
 */
export function InstallGuide({ esim }: Props) {
  // Only while the eSIM's own codes are on screen may the steps that quote them be shown.
  const revealed = !esim.masked && esim.qrcode !== null;
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [language, setLanguage] = useState<Language>(() => uiLanguage(document.documentElement.lang));
  const [os, setOs] = useState<'ios' | 'android'>('ios');
  const { steps, retry } = useInstallSteps(esim.iccid, language, wanted);
  const guide = steps.status === 'ready' ? clerkGuide(steps.value, revealed) : null;
  const full = open && guide !== null && guide.systems.length > 0;
  const system = guide?.systems.find((s) => s.os === os) ?? guide?.systems[0];

  return (
    <div className="install-guide">
      <details
        open={open}
        onToggle={(event) => {
          const now = event.currentTarget.open;
          setOpen(now);
          if (now) setWanted(true);
        }}
      >
        <summary>
          <strong>Installation steps</strong> <span className="muted small">· iPhone and Android, from the eSIM service</span>
        </summary>
        {open && (
          <div className="guide-body">
            {steps.status === 'loading' && (
              <p className="notice progress" role="status">
                <span className="spinner" aria-hidden="true" /> Loading the steps from the eSIM service…
              </p>
            )}
            {steps.status === 'failed' && (
              <div className="notice error" role="alert">
                <p>{describeError(steps.error)}</p>
                <p className="small">The short steps below still work.</p>
                <button type="button" className="button secondary small" onClick={retry}>
                  Try again
                </button>
              </div>
            )}
            {guide && guide.systems.length === 0 && (
              <p className="notice" role="status">
                The eSIM service has no steps for this eSIM. Use the short steps below.
              </p>
            )}
            {full && system && (
              <>
                <div className="guide-controls">
                  <div className="guide-systems" role="group" aria-label="Phone">
                    {guide.systems.map((s) => (
                      <button
                        key={s.os}
                        type="button"
                        className={s.os === system.os ? 'tab active' : 'tab'}
                        aria-pressed={s.os === system.os}
                        onClick={() => setOs(s.os)}
                      >
                        {s.name}
                      </button>
                    ))}
                  </div>
                  <label className="guide-language">
                    <span className="muted small">Language</span>
                    <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
                      {LANGUAGES.map((l) => (
                        <option key={l.code} value={l.code}>
                          {l.name}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
                <SystemSteps key={system.os} system={system} codes={revealed ? codesOf(esim.qrcode) : []} />
                {guide.manualHidden && (
                  <p className="muted small">
                    <span aria-hidden="true">🔒</span> The steps to type the eSIM’s code by hand are hidden, like its QR code.
                  </p>
                )}
              </>
            )}
          </div>
        )}
      </details>
      {!full && (
        <ol className="steps" aria-label="Install steps">
          {WORDS.en.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

function SystemSteps({ system, codes }: { system: GuideSystem; codes: readonly string[] }) {
  const [index, setIndex] = useState(0);
  const variant = system.variants[index] ?? system.variants[0]!;
  const parts = [
    { title: 'With the QR code', steps: variant.qrSteps },
    { title: 'By hand, without the QR code', steps: variant.manualSteps },
    { title: 'Network and roaming', steps: variant.networkSteps },
  ].filter((p) => p.steps.length > 0);

  return (
    <section className="guide-system" aria-label={`${system.name} steps`}>
      {system.variants.length > 1 && (
        <label className="guide-variant">
          <span className="muted small">Which {system.name}</span>
          <select value={index} onChange={(e) => setIndex(Number(e.target.value))}>
            {system.variants.map((v, i) => (
              <option key={v.label} value={i}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {parts.map((part) => (
        <div key={part.title} className="guide-part">
          <h3>{part.title}</h3>
          <ol className="steps">
            {part.steps.map((step, i) => (
              <li key={i}>
                {markCodes(step, codes).map((piece, j) =>
                  piece.code ? (
                    <code key={j} className="install-code">
                      {piece.text}
                    </code>
                  ) : (
                    piece.text
                  ),
                )}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
