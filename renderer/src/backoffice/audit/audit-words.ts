/**
 * The audit log in a manager's words, in their language: what happened, to what, and the details
 * that matter, instead of action codes, record ids and JSON. The codes stay searchable (the filter
 * matches them) and are shown small beside the words.
 */
import type { AuditView } from '../../../../shared/manager.ts';
import { clockOrDate } from '../../../../shared/clock.ts';
import { currentFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { en as bundled } from '../../i18n/locales/en/index.ts';
import audit from '../../i18n/locales/en/audit.json';

// The audit's English comes with the back office; the rest is bundled.
const en = { ...bundled, audit };
import { isolate, refundReasonWords } from '../common/format.ts';
import { settingChangeWords } from '../settings/setting-change-words.ts';

type Words = typeof en.audit;
type Actions = Words['action'];
type ActionCode = { [G in keyof Actions]: `${G & string}.${keyof Actions[G] & string}` }[keyof Actions];

function isKnownAction(action: string): action is ActionCode {
  const [group, name] = action.split('.', 2) as [string, string | undefined];
  const names: object | undefined = Object.hasOwn(en.audit.action, group) ? en.audit.action[group as keyof Actions] : undefined;
  return name !== undefined && names !== undefined && Object.hasOwn(names, name);
}

/** "sale.completed" → its words; an action this version does not know yet still reads. */
export function actionWords(action: string): string {
  if (isKnownAction(action)) return i18n.t(`audit:action.${action}`);
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One of a closed vocabulary in words (a setting's name, why a sign-in was refused…), or null if not known. */
function known<G extends 'setting' | 'refusal' | 'paused' | 'failure'>(group: G, code: string): string | null {
  return Object.hasOwn(en.audit[group], code) ? i18n.t(`audit:${group}.${code as keyof Words[G] & string}` as never) : null;
}

/** What the entry is about: a sale's reference rather than its record id, a person by name. */
export function subjectWords(entry: AuditView, names: ReadonlyMap<string, string>): string {
  const reference = entry.details.reference;
  if (typeof reference === 'string') return reference;
  if (entry.subject && names.has(entry.subject)) return names.get(entry.subject)!;
  return entry.subject ?? '';
}

/** The details a manager reads, in words (times on the store's clock); the reference is already the subject. */
export function detailWords(entry: AuditView, timeZone: string): string {
  const d = entry.details;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(d)) {
    if (key === 'reference' || value === null || value === undefined || value === '') continue;
    // A change with its values says which settings changed by itself.
    if (key === 'keys' && d.changes !== undefined) continue;
    // A screen language is a code ("fr"): the reader gets its name in their own language.
    const shown =
      entry.action === 'staff.language_changed' && (key === 'from' || key === 'to') ? languageName(String(value)) : value;
    const text = detail(key, shown, timeZone, entry.subject ?? '');
    if (text) parts.push(text);
  }
  // Each detail in its own direction: order codes and package ids read left to right in Arabic too.
  return parts.map(isolate).join(' · ');
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([currentFormats().locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function list(items: readonly string[]): string {
  try {
    return new Intl.ListFormat(currentFormats().locale, { type: 'unit', style: 'short' }).format(items);
  } catch {
    return items.join(', ');
  }
}

function detail(key: string, value: unknown, timeZone: string, subject: string): string {
  const text = String(value);
  const count = Number(value);
  switch (key) {
    case 'partnerCode':
      return i18n.t('audit:detail.partnerCode', { code: text });
    case 'code':
      if (typeof value === 'string' && value.startsWith('partner_'))
        return i18n.t('audit:detail.partnerCode', { code: value.slice(8) });
      return known('failure', text) ?? text;
    case 'keys':
      return i18n.t('audit:detail.changed', {
        list: list(text.split(',').map((k) => known('setting', k.trim()) ?? k.trim())),
      });
    case 'changes':
      return typeof value === 'object' ? settingChangeWords(value as Record<string, unknown>) : text;
    case 'reason': {
      const refund = refundReasonWords(text);
      return refund !== text ? refund : (known('refusal', text) ?? text);
    }
    case 'until':
      return typeof value === 'string'
        ? i18n.t('audit:detail.until', { time: clockOrDate(value, timeZone, Date.now(), currentFormats().dateLocale) })
        : '';
    case 'minutes':
      return i18n.t('audit:detail.minutes', { count });
    case 'lockCount':
      return count > 1 ? i18n.t('audit:detail.lockCount', { count }) : '';
    case 'float':
      return i18n.t('audit:detail.float', { value: isolate(text) });
    case 'source':
      return value === 'carried' ? i18n.t('audit:detail.carried') : '';
    case 'paused':
      return known('paused', text) ?? text;
    case 'askerFailures':
    case 'approverFailures':
    case 'failedAttempts':
      return i18n.t(`audit:detail.${key}`, { value: text });
    case 'approvalsPaused':
      return value ? i18n.t('audit:detail.approvalsPaused') : '';
    case 'esims':
      // A top-up's completion was once written with `esims: 0`: it makes no eSIM, so nothing is said.
      return count > 0 ? i18n.t('audit:detail.esims', { count }) : '';
    case 'iccids':
    case 'covers':
      return i18n.t(`audit:detail.${key}`, { count });
    case 'orderCode':
      return i18n.t('audit:detail.orderCode', { code: isolate(text) });
    case 'packageId':
      return i18n.t('audit:detail.packageId', { id: isolate(text) });
    case 'role':
      return value === 'clerk' || value === 'manager'
        ? i18n.t('audit:detail.role', { role: i18n.t(`common:role.${value}`) })
        : i18n.t('audit:detail.role', { role: text });
    case 'luhnValid':
      return value ? i18n.t('audit:detail.luhnValid') : i18n.t('audit:detail.luhnInvalid');
    case 'wasLocked':
      return value ? i18n.t('audit:detail.wasLocked') : '';
    case 'refused':
      return value ? i18n.t('audit:detail.refused') : '';
    case 'sale':
      return i18n.t('audit:detail.sale', { value: isolate(text) });
    case 'refunded':
      return i18n.t('audit:detail.refunded', { count });
    case 'refundStatus':
      return Object.hasOwn(en.refunds.status, text) ? i18n.t(`refunds:status.${text as keyof typeof en.refunds.status}`) : text;
    // A test page: its address is the entry's subject.
    case 'printer':
      return '';
    case 'saved':
      return value === false ? i18n.t('audit:detail.unsaved') : '';
    case 'printed':
      return value === true ? i18n.t('audit:detail.printed') : '';
    case 'portRefused':
      return value === true ? i18n.t('audit:detail.portRefused') : '';
    case 'problem':
      return Object.hasOwn(en.print.problem, text)
        ? i18n.t(`print:problem.${text as keyof typeof en.print.problem}`, { printer: isolate(subject) })
        : text;
    case 'via':
      return value === 'command_line' ? i18n.t('audit:detail.commandLine') : text;
    case 'user':
      return i18n.t('audit:detail.user', { user: isolate(text) });
    case 'name':
    case 'quantity':
    case 'from':
    case 'to':
    case 'sequence':
    case 'difference':
    case 'note':
      return i18n.t(`audit:detail.${key}`, { value: isolate(text) });
    default:
      return i18n.t('audit:detail.other', {
        key: humanKey(key),
        value: typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value),
      });
  }
}

/** "failedAttempts" → "failed attempts": a detail this version has no words for, still readable. */
function humanKey(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
