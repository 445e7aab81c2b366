import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { SupportFileSaved } from '../../../../shared/contract/support.ts';
import { api } from '../../api.ts';
import { describeError } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';

/**
 * "Save a support file": what whoever supports the shop asks for, in one zip in the data folder,
 * said with where it went so the manager can send it on.
 */
export function SupportPanel() {
  const { t } = useTranslation('settings');
  const f = useFormats();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<SupportFileSaved | null>(null);
  const [failure, setFailure] = useState<Outcome>(null);

  const save = () => {
    setBusy(true);
    setFailure(null);
    void api()
      .call('support.file', {})
      .then((result) => {
        setBusy(false);
        setSaved(result.ok ? result.value : null);
        if (!result.ok) setFailure({ ok: false, text: describeError(result.error) });
      });
  };

  return (
    <section className="panel support" aria-label={t('support.heading')}>
      <h2>{t('support.heading')}</h2>
      <p className="muted">{t('support.about')}</p>
      <button type="button" className="button secondary" disabled={busy} onClick={save}>
        {busy ? t('support.saving') : t('support.save')}
      </button>
      {saved && (
        <p role="status" data-testid="support-file">
          <Trans
            t={t}
            i18nKey="support.saved"
            values={{ size: f.number(Math.max(1, Math.round(saved.bytes / 1024))), file: saved.file }}
            components={{ code: <code dir="ltr" /> }}
          />
        </p>
      )}
      <OutcomeNotice outcome={failure} />
    </section>
  );
}
