import { Trans, useTranslation } from 'react-i18next';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';

/** One line telling the clerk what the customer sees, so a QR left up is noticed. */
export function DisplayStatus() {
  const { t } = useTranslation();
  const f = useFormats();
  const display = useStore((s) => s.display);
  if (!display) return null;
  const what = t(`display.kind.${display.kind}`);
  return (
    <p className={`display-status display-${display.kind}`} role="status" aria-label={t('display.label')}>
      {display.kind === 'install' ? (
        <Trans
          t={t}
          i18nKey="display.statusClears"
          values={{ what, time: f.time(display.clearsAt) }}
          components={{ b: <strong /> }}
        />
      ) : (
        <Trans t={t} i18nKey="display.status" values={{ what }} components={{ b: <strong /> }} />
      )}
    </p>
  );
}
