import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallSteps } from '../../../../shared/esims.ts';
import { CUSTOMER_LANGUAGES, endonym, isCustomerLanguage, isRtl, type CustomerLanguage } from '../../../../shared/languages.ts';
import type { EsimView } from '../../../../shared/sales.ts';
import { describeError } from '../../errors.ts';
import { i18n, loadNamespaces } from '../../i18n/i18n.ts';
import { useStore } from '../../state/store.ts';
import { answerLanguage, clerkGuide, codesOf, languageName, markCodes, type GuideSystem } from './install-guide.ts';
import { SHORT_STEPS } from './short-steps.ts';
import { useInstallSteps } from './useInstallSteps.ts';
import './install-guide.css';

type Props = { esim: EsimView };

/**
 * The short built-in steps, and under a closed disclosure the eSIM service's full steps for
 * iPhone and Android. The short steps stay until the full ones have arrived, so a slow or failed
 * call never leaves the clerk with nothing to read out. The steps are in the customer's language
 * (the one picked at the display) unless the clerk picks another; the guide's own words are the clerk's.
 */
export function InstallGuide({ esim }: Props) {
  const { t, i18n: current } = useTranslation(['install', 'common']);
  // The guide's own words are the clerk's, and `install` is a customer namespace: loaded here.
  useInstallWords(current.language);
  // Only while the eSIM's own codes are on screen may the steps that quote them be shown.
  const revealed = !esim.masked && esim.qrcode !== null;
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const customerLanguage = useStore((s) => s.customerLanguage);
  const [picked, setPicked] = useState<CustomerLanguage | null>(null);
  const language = picked ?? customerLanguage;
  useInstallWords(language);
  const shortT = i18n.getFixedT(language, 'install');
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
          <strong>{t('guide.summary')}</strong> <span className="muted small">{t('guide.summaryHint')}</span>
        </summary>
        {open && (
          <div className="guide-body">
            {steps.status === 'loading' && (
              <p className="notice progress" role="status">
                <span className="spinner" aria-hidden="true" /> {t('guide.loading')}
              </p>
            )}
            {steps.status === 'failed' && (
              <div className="notice error" role="alert">
                <p>{describeError(steps.error)}</p>
                <p className="small">{t('guide.shortStillWork')}</p>
                <button type="button" className="button secondary small" onClick={retry}>
                  {t('common:action.tryAgain')}
                </button>
              </div>
            )}
            {guide && guide.systems.length === 0 && (
              <p className="notice" role="status">
                {t('guide.none')}
              </p>
            )}
            {full && system && (
              <>
                <div className="guide-controls">
                  <div className="guide-systems" role="group" aria-label={t('guide.phone')}>
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
                    <span className="muted small">{t('guide.language')}</span>
                    <select value={language} onChange={(e) => isCustomerLanguage(e.target.value) && setPicked(e.target.value)}>
                      {CUSTOMER_LANGUAGES.map((code) => (
                        <option key={code} value={code} lang={code}>
                          {endonym(code)}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
                {steps.status === 'ready' && <AnsweredIn asked={language} steps={steps.value} />}
                <SystemSteps
                  key={system.os}
                  system={system}
                  lang={steps.status === 'ready' ? steps.value.language : language}
                  codes={revealed ? codesOf(esim.qrcode) : []}
                />
                {guide.manualHidden && (
                  <p className="muted small">
                    <span aria-hidden="true">🔒</span> {t('guide.manualHidden')}
                  </p>
                )}
              </>
            )}
          </div>
        )}
      </details>
      {!full && (
        <ol className="steps" aria-label={t('steps.label')} lang={language} dir={isRtl(language) ? 'rtl' : 'ltr'}>
          {SHORT_STEPS.map((step) => (
            <li key={step}>{shortT(`steps.${step}`)}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Which language the service's steps are in, and a plain word when it had none in the one asked. */
function AnsweredIn({ asked, steps }: { asked: string; steps: InstallSteps }) {
  const { t, i18n: current } = useTranslation('install');
  const answer = answerLanguage(asked, steps.language);
  const name = (code: string) => languageName(code, current.language);
  return (
    <p className={answer.fellBack ? 'notice warn small' : 'muted small'} role="status">
      {answer.fellBack
        ? t('guide.fellBack', { asked: name(asked), answered: name(answer.answered) })
        : t('guide.answeredIn', { language: name(answer.answered) })}
    </p>
  );
}

/** Loads the `install` words of `language` (English meanwhile) and re-renders once they are in. */
function useInstallWords(language: string): void {
  const [, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void loadNamespaces(language, ['install']).then(() => current && setLoaded(language));
    return () => {
      current = false;
    };
  }, [language]);
}

function SystemSteps({ system, lang, codes }: { system: GuideSystem; lang: string; codes: readonly string[] }) {
  const { t } = useTranslation('install');
  const [index, setIndex] = useState(0);
  const variant = system.variants[index] ?? system.variants[0]!;
  const parts = [
    { title: t('guide.withQr'), steps: variant.qrSteps },
    { title: t('guide.byHand'), steps: variant.manualSteps },
    { title: t('guide.network'), steps: variant.networkSteps },
  ].filter((p) => p.steps.length > 0);

  return (
    <section className="guide-system" aria-label={t('guide.systemSteps', { system: system.name })}>
      {system.variants.length > 1 && (
        <label className="guide-variant">
          <span className="muted small">{t('guide.which', { system: system.name })}</span>
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
          {/* The service's own words, in the language it answered in. */}
          <ol className="steps" lang={lang} dir={isRtl(lang) ? 'rtl' : 'ltr'}>
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
