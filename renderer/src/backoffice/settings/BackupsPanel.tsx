import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupCheck, BackupEntry, BackupsView } from '../../../../shared/contract.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { ErrorNotice, Loading, OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { apiKey, callApi, invalidate, queryClient, useApiQuery } from '../common/query.tsx';

/**
 * The journal's backups, as `npm run admin` offers them: where they go, a backup now, a check of
 * one, and a restore. A running counter holds its journal open, so a restore is made when it next
 * starts; the journal it replaces is kept aside then, never deleted.
 */
export function BackupsPanel() {
  const { t } = useTranslation(['backups', 'common']);
  const f = useFormats();
  const list = useApiQuery('backup.list', {});
  const view = list.data ?? null;
  // An action's refusal, said instead of the list's own until the next action.
  const [refusal, setRefusal] = useState<AppError | null>(null);
  const error = refusal ?? list.error;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [checks, setChecks] = useState<Record<string, BackupCheck>>({});
  const [confirming, setConfirming] = useState<BackupEntry | null>(null);

  // Each answer is the list as it is now, or a refusal said in words.
  async function run<T>(work: () => Promise<T>, then: (value: T) => void) {
    setBusy(true);
    setRefusal(null);
    const answer = await work().then(
      (value) => ({ value }),
      (failure: AppError) => ({ failure }),
    );
    setBusy(false);
    if ('value' in answer) then(answer.value);
    else setRefusal(answer.failure);
  }
  const setView = (v: BackupsView) => queryClient.setQueryData(apiKey('backup.list', {}), v);

  const when = (at: string) => f.dateTime(at);
  const backUp = () =>
    run(
      () => callApi('backup.create', {}),
      () => {
        setOutcome({ ok: true, text: t('backups.made') });
        void invalidate(['backup.list']);
      },
    );
  const check = (name: string) =>
    run(
      () => callApi('backup.verify', { name }),
      (c) => setChecks((all) => ({ ...all, [name]: c })),
    );
  const restore = (name: string) =>
    run(
      () => callApi('backup.restore', { name }),
      (v) => {
        setConfirming(null);
        setView(v);
      },
    );
  const cancel = () => run(() => callApi('backup.cancelRestore', {}), setView);

  return (
    <section className="panel backups" aria-label={t('backups.heading')}>
      <h2>{t('backups.heading')}</h2>
      <ErrorNotice error={error} />
      {!view ? (
        !error && <Loading />
      ) : (
        <>
          <p className="muted">
            {t('backups.folder')} <code className="backups-folder">{view.folder}</code>
          </p>
          {view.scheduled && (
            <div className="notice" role="status">
              {t('backups.scheduled', { when: when(backupAt(view, view.scheduled.name)) })}{' '}
              <button type="button" className="button secondary" disabled={busy} onClick={() => void cancel()}>
                {t('common:action.cancel')}
              </button>
            </div>
          )}
          <p>
            <button type="button" className="button" disabled={busy} onClick={() => void backUp()}>
              {t('backups.now')}
            </button>{' '}
            <OutcomeNotice outcome={outcome} />
          </p>
          {view.backups.length === 0 ? (
            <p className="muted">{t('backups.none')}</p>
          ) : (
            <ul className="backups-list" aria-label={t('backups.list')}>
              {view.backups.map((b) => (
                <li key={b.name} className="backup-row">
                  <span>
                    <strong>{when(b.at)}</strong> · {t(`backups.reason.${b.reason}`)} ·{' '}
                    {t('backups.size', { size: f.number(Math.max(1, Math.round(b.bytes / 1024))) })}
                  </span>{' '}
                  <button type="button" className="button secondary" disabled={busy} onClick={() => void check(b.name)}>
                    {t('backups.check')}
                  </button>{' '}
                  <button type="button" className="button secondary" disabled={busy} onClick={() => setConfirming(b)}>
                    {t('backups.restore')}
                  </button>
                  {checks[b.name] && <CheckWords check={checks[b.name]!} />}
                  {confirming?.name === b.name && (
                    <div className="notice" role="alertdialog" aria-label={t('backups.restore')}>
                      <p>{t('backups.confirm', { when: when(b.at) })}</p>
                      <button type="button" className="button" disabled={busy} onClick={() => void restore(b.name)}>
                        {t('backups.restore')}
                      </button>{' '}
                      <button type="button" className="button secondary" onClick={() => setConfirming(null)}>
                        {t('common:action.cancel')}
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** The scheduled backup's time, from the list; its name's if it is no longer listed. */
function backupAt(view: BackupsView, name: string): string {
  const listed = view.backups.find((b) => b.name === name);
  if (listed) return listed.at;
  const m = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z/.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z` : view.scheduled!.at;
}

/** A check's verdict in words; SQLite's own findings follow, quoted, for support. */
function CheckWords({ check }: { check: BackupCheck }) {
  const { t } = useTranslation('backups');
  if (check.ok) {
    return (
      <p className="saved" role="status">
        {t('backups.healthy')}
      </p>
    );
  }
  return (
    <div className="notice error" role="alert">
      {t('backups.damaged')}
      {check.auditBreak && <> {t('backups.broken', { seq: check.auditBreak.brokenAtSeq })}</>}
      {check.problems.length > 0 && <q className="backups-problem">{check.problems.slice(0, 3).join('; ')}</q>}
    </div>
  );
}
