import { useTranslation } from 'react-i18next';
import type { Environment } from '../../../shared/contract.ts';
import { PRACTICE_MARK } from '../../../shared/display.ts';

/**
 * Anything but Production says so on every screen, so nobody sells a practice eSIM for money: a
 * strip across the whole window under the top bar, where a sentence in any language fits on one line.
 */
export function EnvironmentBanner({ environment }: { environment: Environment }) {
  const { t } = useTranslation();
  if (environment === 'production') return null;
  // The mark leads, the same word in every language, as on the customer display and the printouts.
  const mark = PRACTICE_MARK[environment];
  if (environment === 'partner_sandbox')
    return (
      <div className={`env-banner env-${environment}`} role="status">
        {t('environment.partner_sandbox', { mark })}
      </div>
    );
  // A narrow window (200 % zoom) gets the short wording, so the strip stays one line in every language.
  return (
    <div className={`env-banner env-${environment}`} role="status">
      <span className="env-long">{t('environment.demo', { mark })}</span>
      <span className="env-short">{t('environment.demoShort', { mark })}</span>
    </div>
  );
}
