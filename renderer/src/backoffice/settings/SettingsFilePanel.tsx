import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputOf } from '../../../../shared/contract.ts';
import { api } from '../../api.ts';
import { describeError } from '../../errors.ts';
import { today } from '../../../../shared/clock.ts';
import { downloadText } from '../common/format.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { useManager } from '../common/store.ts';
import { settingName } from './setting-change-words.ts';

/**
 * The store's settings as a file, to set up a second counter alike or to put them back after a
 * reinstall. The file holds no secret: the eSIM service's credentials are entered on each counter.
 */
export function SettingsFilePanel() {
  const { t } = useTranslation('backups');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function exportFile() {
    setOutcome(null);
    const result = await api().call('settings.export', {});
    if (!result.ok) return setOutcome({ ok: false, text: describeError(result.error) });
    const day = today(useManager.getState().settings?.timeZone ?? 'UTC');
    downloadText(`esim-counter-settings-${day}.json`, `${JSON.stringify(result.value, null, 2)}\n`, 'application/json');
  }

  async function importFile(file: File) {
    setOutcome(null);
    let settings: InputOf<'settings.import'>['settings'];
    try {
      const parsed = JSON.parse(await file.text()) as { app?: unknown; settings?: unknown };
      if (parsed.app !== 'esim-counter' || typeof parsed.settings !== 'object' || !parsed.settings) throw new Error();
      settings = parsed.settings as typeof settings;
    } catch {
      return setOutcome({ ok: false, text: t('settingsFile.notFile') });
    }
    setBusy(true);
    const result = await api().call('settings.import', { settings });
    setBusy(false);
    if (!result.ok) return setOutcome({ ok: false, text: describeError(result.error) });
    // The other panels show the settings as imported.
    await useManager.getState().loadSettings();
    const { changed } = result.value;
    setOutcome({
      ok: true,
      text: changed.length
        ? t('settingsFile.imported', { names: changed.map(settingName).join(', ') })
        : t('settingsFile.unchanged'),
    });
  }

  return (
    <section className="panel" aria-label={t('settingsFile.heading')}>
      <h2>{t('settingsFile.heading')}</h2>
      <p className="muted">{t('settingsFile.help')}</p>
      <p>
        <button type="button" className="button" onClick={() => void exportFile()}>
          {t('settingsFile.export')}
        </button>{' '}
        <label className="button secondary">
          {t('settingsFile.import')}
          <input
            type="file"
            accept="application/json,.json"
            className="file-input"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </label>
      </p>
      <OutcomeNotice outcome={outcome} block />
    </section>
  );
}
