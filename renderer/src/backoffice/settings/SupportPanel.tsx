import { Trans, useTranslation } from 'react-i18next';
import { describeError } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { useApiMutation } from '../common/query.tsx';

/**
 * "Save a support file": what whoever supports the shop asks for, in one zip in the data folder,
 * said with where it went so the manager can send it on.
 */
export function SupportPanel() {
  const { t } = useTranslation('settings');
  const f = useFormats();
  const file = useApiMutation('support.file');
  const busy = file.isPending;
  const saved = file.data;
  const failure: Outcome = file.error && { ok: false, text: describeError(file.error) };
  const save = () => file.mutate({});

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
