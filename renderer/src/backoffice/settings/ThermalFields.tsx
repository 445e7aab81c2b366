import { useTranslation } from 'react-i18next';
import { ESCPOS_PORT, escposSettingsSchema, type EscposSettings, type ReceiptWidth } from '../../../../shared/settings.ts';

/** The thermal printer's form as typed: strings until they are saved. */
export type ThermalDraft = {
  readonly on: boolean;
  readonly kind: 'network' | 'device';
  readonly host: string;
  readonly port: string;
  readonly path: string;
  readonly width: ReceiptWidth;
  readonly cashDrawer: boolean;
};

export function thermalDraft(saved: EscposSettings | null): ThermalDraft {
  const connection = saved?.connection;
  return {
    on: saved !== null,
    kind: connection?.kind ?? 'network',
    host: connection?.kind === 'network' ? connection.host : '',
    port: String(connection?.kind === 'network' ? connection.port : ESCPOS_PORT),
    path: connection?.kind === 'device' ? connection.path : '',
    width: saved?.width ?? 80,
    cashDrawer: saved?.cashDrawer ?? false,
  };
}

export type ThermalProblem = 'badHost' | 'badPort' | 'noPath' | 'notDevice';

/** The settings the draft stands for, or what is wrong with it; null when receipts go through the OS. */
export function thermalSettings(
  draft: ThermalDraft,
): { ok: true; value: EscposSettings | null } | { ok: false; problem: ThermalProblem } {
  if (!draft.on) return { ok: true, value: null };
  const connection =
    draft.kind === 'network'
      ? {
          kind: 'network' as const,
          host: draft.host.trim(),
          port: /^\d{1,5}$/.test(draft.port.trim()) ? Number(draft.port) : NaN,
        }
      : { kind: 'device' as const, path: draft.path.trim() };
  const parsed = escposSettingsSchema.safeParse({ connection, width: draft.width, cashDrawer: draft.cashDrawer });
  if (parsed.success) return { ok: true, value: parsed.data };
  if (draft.kind === 'device') return { ok: false, problem: connection.path === '' ? 'noPath' : 'notDevice' };
  return { ok: false, problem: parsed.error.issues.some((issue) => issue.path.includes('port')) ? 'badPort' : 'badHost' };
}

type Props = { draft: ThermalDraft; problem: ThermalProblem | null; onChange(patch: Partial<ThermalDraft>): void };

/** Where the thermal printer is (network address, or the device the OS names), its roll, its drawer. */
export function ThermalFields({ draft, problem, onChange }: Props) {
  const { t } = useTranslation(['settings', 'errors']);
  return (
    <>
      <fieldset className="choice-row">
        <legend>{t('printer.connection')}</legend>
        {(['network', 'device'] as const).map((kind) => (
          <label key={kind} className="check-line">
            <input type="radio" name="printer-connection" checked={draft.kind === kind} onChange={() => onChange({ kind })} />{' '}
            {t(`printer.${kind}`)}
          </label>
        ))}
      </fieldset>
      {draft.kind === 'network' ? (
        <div className="form-grid">
          <label>
            {t('printer.host')}
            <input
              className="text-input"
              dir="ltr"
              value={draft.host}
              placeholder="192.168.1.50"
              aria-invalid={problem === 'badHost'}
              onChange={(e) => onChange({ host: e.target.value })}
            />
          </label>
          <label>
            {t('printer.port')}
            <input
              className="text-input"
              dir="ltr"
              inputMode="numeric"
              value={draft.port}
              aria-invalid={problem === 'badPort'}
              onChange={(e) => onChange({ port: e.target.value.replace(/\D/g, '') })}
            />
          </label>
        </div>
      ) : (
        <>
          <label>
            {t('printer.path')}
            <input
              className="text-input"
              dir="ltr"
              value={draft.path}
              placeholder="/dev/usb/lp0"
              aria-invalid={problem === 'noPath' || problem === 'notDevice'}
              onChange={(e) => onChange({ path: e.target.value })}
            />
          </label>
          <p className="muted">{t('printer.pathHelp')}</p>
        </>
      )}
      <fieldset className="choice-row">
        <legend>{t('printer.width')}</legend>
        {([80, 58] as const).map((width) => (
          <label key={width} className="check-line">
            <input type="radio" name="printer-width" checked={draft.width === width} onChange={() => onChange({ width })} />{' '}
            {t(`printer.width${width}`)}
          </label>
        ))}
      </fieldset>
      <label className="check-line">
        <input type="checkbox" checked={draft.cashDrawer} onChange={(e) => onChange({ cashDrawer: e.target.checked })} />{' '}
        {t('printer.cashDrawer')}
      </label>
      {problem && <p className="bad">{problem === 'notDevice' ? t('errors:field.printer_device') : t(`printer.${problem}`)}</p>}
    </>
  );
}
