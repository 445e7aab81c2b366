import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import type { ProductSheet as Sheet } from '../../../../shared/product-sheet.ts';
import { api } from '../../api.ts';
import './delivery.css';
import { describeError } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { dataWords } from '../esim/package-words.ts';

const KNOWN_POLICIES = ['first-usage', 'purchase', 'installation'] as const;

/**
 * The package's product information on the Details step: networks, speed, activation, the
 * identity check and fair use, opened on demand (the Details step says an identity check above it,
 * from the catalogue). The partner's texts are its data, shown as sent.
 */
export function ProductSheet({ packageId }: { packageId: string }) {
  const { t } = useTranslation('delivery');
  const f = useFormats();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [open, setOpen] = useState(false);
  const [linkError, setLinkError] = useState<AppError | null>(null);

  useEffect(() => {
    // The caller keys this by package: a new package starts with nothing shown.
    let live = true;
    void api()
      .call('catalog.productSheet', { packageId })
      .then((result) => {
        if (!live) return;
        if (result.ok) setSheet(result.value);
        else setError(result.error);
      });
    return () => {
      live = false;
    };
  }, [packageId]);

  // The desktop app opens it in the system's browser; browser mode is a browser already.
  const openLink = (link: 'terms' | 'sheetPdf') =>
    void api()
      .call('catalog.openSheetLink', { packageId, link })
      .then((result) => {
        setLinkError(result.ok ? null : result.error);
        if (result.ok && !result.value.opened) window.open(result.value.url, '_blank', 'noopener,noreferrer');
      });

  const unknown = t('sheet.unknown');
  const policy = (code: string | null): string => {
    if (!code) return unknown;
    return (KNOWN_POLICIES as readonly string[]).includes(code)
      ? t(`sheet.policy.${code as (typeof KNOWN_POLICIES)[number]}`)
      : t('sheet.policy.other', { policy: code });
  };

  return (
    <div className="product-sheet">
      <button
        type="button"
        className="button small secondary"
        aria-expanded={open}
        aria-controls="product-sheet-body"
        onClick={() => setOpen(!open)}
      >
        {open ? '▾' : '▸'} {t('sheet.show')}
      </button>
      <div id="product-sheet-body" hidden={!open}>
        {!sheet && !error && (
          <p className="muted" role="status">
            {t('sheet.loading')}
          </p>
        )}
        {error && <p className="notice error">{describeError(error)}</p>}
        {sheet && (
          <>
            <dl className="summary compact" data-testid="product-sheet">
              <dt>{t('sheet.networks')}</dt>
              <dd>
                {sheet.networks.length ? <bdi>{sheet.networks.join(', ')}</bdi> : unknown}
                {sheet.technologies.length > 0 && (
                  <>
                    {' '}
                    · <bdi>{sheet.technologies.join(' / ')}</bdi>
                  </>
                )}
              </dd>
              <dt>{t('sheet.speed')}</dt>
              <dd>
                {sheet.maxDownloadMbit && sheet.maxUploadMbit
                  ? t('sheet.speedUpTo', { down: sheet.maxDownloadMbit, up: sheet.maxUploadMbit })
                  : unknown}
              </dd>
              <dt>{t('sheet.activation')}</dt>
              <dd>{policy(sheet.activationPolicy)}</dd>
              <dt>{t('sheet.kyc')}</dt>
              <dd>{sheet.kyc === null ? unknown : sheet.kyc ? t('sheet.kycYes') : t('sheet.kycNo')}</dd>
              <dt>{t('sheet.fairUse')}</dt>
              <dd>
                {sheet.fairUse ? <q>{sheet.fairUse}</q> : t('sheet.fairUseNone')}
                {sheet.throttledDownload && sheet.throttleThresholdMb !== null && (
                  <>
                    {' '}
                    (
                    {t('sheet.throttled', {
                      threshold: dataWords(`${sheet.throttleThresholdMb} MB`, f),
                      speed: sheet.throttledDownload,
                    })}
                    )
                  </>
                )}
              </dd>
              {sheet.isRoaming !== null && (
                <>
                  <dt>{t('sheet.network')}</dt>
                  <dd>{sheet.isRoaming ? t('sheet.roaming') : t('sheet.local')}</dd>
                </>
              )}
            </dl>
            {(sheet.sheetPdfUrl || sheet.termsUrl) && (
              <p className="sheet-links">
                {sheet.sheetPdfUrl && (
                  <button type="button" className="button small secondary" onClick={() => openLink('sheetPdf')}>
                    {t('sheet.sheetPdf')} <span aria-hidden="true">↗</span>
                  </button>
                )}
                {sheet.termsUrl && (
                  <button type="button" className="button small secondary" onClick={() => openLink('terms')}>
                    {t('sheet.terms')} <span aria-hidden="true">↗</span>
                  </button>
                )}
              </p>
            )}
            {linkError && (
              <p className="notice error" role="alert">
                {describeError(linkError)}
              </p>
            )}
            <p className="muted small">
              {sheet.fetchedAt
                ? sheet.stale
                  ? t('sheet.stale', { time: f.dateTime(sheet.fetchedAt) })
                  : t('sheet.asOf', { time: f.dateTime(sheet.fetchedAt) })
                : sheet.stale
                  ? t('sheet.staleCatalogue')
                  : t('sheet.catalogueOnly')}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
