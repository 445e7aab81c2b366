import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import type { PrintResult } from '../../../../shared/printing.ts';
import type { PrinterSettings } from '../../../../shared/settings.ts';
import { api } from '../../api.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { useFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { isRtl } from '../../../../shared/languages.ts';
import { printPage } from '../../print/printPage.ts';
import { loadPrintSetup } from '../../print/print-setup.ts';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import { rasterize } from '../../print/raster.ts';
import { TestPage, testPageBlocks } from '../../print/TestPage.tsx';
import { useManager } from '../common/store.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { ThermalFields, thermalDraft, thermalSettings, type ThermalDraft } from './ThermalFields.tsx';

/**
 * Where vouchers, receipts and Z reports print at this counter. A4, and receipts unless a thermal
 * printer is set, go through the OS: the desktop app prints to the named printer, without the
 * dialog when asked to; browser mode always uses the browser's dialog. A thermal printer takes
 * receipts in ESC/POS over the network or a USB or serial port, in the desktop app and browser
 * mode alike, and can open a cash drawer. The test page tries the form as it stands.
 */
export function PrinterPanel({ printer }: { printer: PrinterSettings }) {
  const { t } = useTranslation(['settings', 'manager', 'common']);
  const f = useFormats();
  const [draft, setDraft] = useState(printer);
  const [name, setName] = useState(printer.printerName ?? '');
  const [thermal, setThermal] = useState<ThermalDraft>(thermalDraft(printer.escpos));
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);
  const [tested, setTested] = useState<PrintResult | null>(null);
  // A test page the backend refused to send (an address not saved yet on a port no printer uses): said in its words.
  const [testRefused, setTestRefused] = useState<AppError | null>(null);
  const [testPaper, setTestPaper] = useState<PrinterSettings['paper'] | null>(null);
  const escpos = thermalSettings(thermal);
  const next: PrinterSettings = { ...draft, printerName: name.trim() || null, escpos: escpos.ok ? escpos.value : null };
  const changed = !escpos.ok || JSON.stringify(next) !== JSON.stringify(printer);
  const edited = () => {
    setMessage(null);
    setTested(null);
    setTestRefused(null);
  };

  const save = async (): Promise<boolean> => {
    const failure = await useManager.getState().saveSettings({ printer: next });
    setMessage(failure ? { ok: false, text: failure } : { ok: true, text: t('manager:saved') });
    // Receipts printed from now on go where the manager just said.
    if (!failure) void loadPrintSetup();
    return failure === null;
  };

  const test = async (): Promise<void> => {
    setTested(null);
    setTestRefused(null);
    const setup = await loadPrintSetup();
    if (escpos.ok && escpos.value) {
      const label =
        escpos.value.connection.kind === 'network'
          ? `${escpos.value.connection.host}:${escpos.value.connection.port}`
          : escpos.value.connection.path;
      const store = setup?.store ?? { name: t('common:appName'), address: '', taxId: '' };
      const blocks = testPageBlocks(store, label, escpos.value.width, escpos.value.cashDrawer, { t: i18n.t.bind(i18n), f });
      const dots = escpos.value.width === 80 ? 576 : 384;
      const language = i18n.language;
      const job = { blocks: rasterize(blocks, dots, isRtl(language) ? 'rtl' : 'ltr', language) };
      const result = await api().call('print.test', { escpos: escpos.value, job });
      if (result.ok) setTested(result.value);
      else setTestRefused(result.error);
      return;
    }
    // Through the OS: the saved settings print it, so the form is saved first.
    if (changed && !(await save())) return;
    flushSync(() => setTestPaper(next.paper));
    setTested(await printPage(next.paper));
  };

  return (
    <form
      className="panel settings-form"
      aria-label={t('printer.region')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!escpos.ok) return;
        setBusy(true);
        void save().finally(() => setBusy(false));
      }}
    >
      <h2>{t('printer.heading')}</h2>
      <label>
        {t('printer.name')}
        <input
          className="text-input"
          value={name}
          placeholder={t('printer.namePlaceholder')}
          onChange={(e) => {
            setName(e.target.value);
            edited();
          }}
        />
      </label>
      <fieldset className="choice-row">
        <legend>{t('printer.paper')}</legend>
        {(['receipt80', 'a4'] as const).map((value) => (
          <label key={value} className="check-line">
            <input
              type="radio"
              name="paper"
              checked={draft.paper === value}
              onChange={() => {
                setDraft({ ...draft, paper: value });
                edited();
              }}
            />{' '}
            {t(`printer.${value}`)}
          </label>
        ))}
      </fieldset>
      <label className="check-line">
        <input
          type="checkbox"
          checked={draft.silent}
          disabled={!name.trim()}
          onChange={(e) => {
            setDraft({ ...draft, silent: e.target.checked });
            edited();
          }}
        />{' '}
        {t('printer.silent')}
      </label>
      <fieldset className="choice-row">
        <legend>{t('printer.receipts')}</legend>
        {([false, true] as const).map((on) => (
          <label key={String(on)} className="check-line">
            <input
              type="radio"
              name="receipts"
              checked={thermal.on === on}
              onChange={() => {
                setThermal({ ...thermal, on });
                edited();
              }}
            />{' '}
            {t(on ? 'printer.viaEscpos' : 'printer.viaOs')}
          </label>
        ))}
      </fieldset>
      {thermal.on && (
        <ThermalFields
          draft={thermal}
          problem={escpos.ok ? null : escpos.problem}
          onChange={(patch) => {
            setThermal({ ...thermal, ...patch });
            edited();
          }}
        />
      )}
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy || !changed || !escpos.ok}>
          {busy ? t('printer.saving') : t('printer.save')}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={testing || !escpos.ok}
          onClick={() => {
            setTesting(true);
            void test().finally(() => setTesting(false));
          }}
        >
          {testing ? t('printer.testing') : t('printer.test')}
        </button>
        <OutcomeNotice outcome={message} />
      </div>
      {tested?.handled && tested.printed && tested.via === 'escpos' ? (
        <p className="notice good" role="status">
          {t('printer.testSent', { printer: tested.printer ?? '' })}
        </p>
      ) : (
        <PrintNotice result={tested} />
      )}
      {testRefused && <AppErrorNotice error={testRefused} />}
      {testPaper && <TestPage paper={testPaper} printer={next.printerName ?? t('printer.namePlaceholder')} />}
    </form>
  );
}
