/**
 * The contract's back office: the day close and the till, staff, settings, prices, refunds, the
 * partner connection and the head office. Spread into `methods` (contract.ts).
 */
import { z } from 'zod';
import { CHAIN_ID_PATTERN, type ChainStatus } from './chain.ts';
import { denominationsOf, MAX_PIECES } from './denominations.ts';
import { problem } from './errors.ts';
import { REFUND_REASONS } from './refunds.ts';
import { currencyCode, lowDataEmailSchema, moneyInput, priceRuleSchema } from './settings.ts';
import { settingsChangeSchema } from './store-settings.ts';
import { countryCode, localDate, method, none, pin, staffName } from './contract-base.ts';
import type { BalanceView, PriceRulesView, RatesView, RefundView, StaffMember, StoreSettings } from './manager.ts';
import type { ClosePreview, DayClose, DayStatus, UnclosedDay } from './reports.ts';
import type { TillSession, TillToday } from './till.ts';
import type { PartnerSettingsView } from './contract.ts';

/**
 * The cash of one currency counted by notes and coins: only that currency's own (shared/denominations.ts),
 * each once, 0 to MAX_PIECES of each. That it adds up to the counted cash is the close's to check.
 */
const cashCountInput = z
  .strictObject({
    currency: currencyCode,
    counts: z
      .array(z.strictObject({ value: z.number().int().positive(), count: z.number().int().min(0).max(MAX_PIECES) }))
      .max(40),
  })
  .superRefine((c, ctx) => {
    const table = denominationsOf(c.currency);
    if (!table) {
      ctx.addIssue({ code: 'custom', message: problem('denomination'), path: ['currency'] });
      return;
    }
    const seen = new Set<number>();
    c.counts.forEach((d, i) => {
      if (!table.some((t) => t.value === d.value) || seen.has(d.value)) {
        ctx.addIssue({ code: 'custom', message: problem('denomination'), path: ['counts', i, 'value'] });
      }
      seen.add(d.value);
    });
  });

const staffRole = z.enum(['clerk', 'manager'], 'role');
/** A store's or a counter's id in a chain (shared/chain.ts). */
const chainIdInput = z.string().trim().min(1, problem('required')).max(24).regex(CHAIN_ID_PATTERN, problem('invalid'));

export const backOfficeMethods = {
  'close.preview': method<ClosePreview>()('manager', z.strictObject({ date: localDate })),
  /**
   * Closes what is open on the date: the whole day the first time, the sales completed after the
   * last close (a supplementary close) after that. Refused while any sale is uncertain, and when
   * `basis` (ClosePreview.open.basis) no longer names what is open: a sale came in meanwhile.
   */
  'close.commit': method<DayClose>()(
    'manager',
    z.strictObject({
      date: localDate,
      countedCash: z.array(moneyInput).max(10),
      /** The card terminal's and "other" totals as counted; a difference above the threshold needs a note. */
      countedTenders: z
        .array(
          z.strictObject({ method: z.enum(['card', 'other']), minor: z.number().int().min(0).max(1e12), currency: currencyCode }),
        )
        .max(10)
        .optional(),
      /** The cash counted by notes and coins, per currency so counted; absent: counted as totals only. */
      cashCounts: z
        .array(cashCountInput)
        .max(10)
        .refine((list) => new Set(list.map((c) => c.currency)).size === list.length, problem('invalid'))
        .optional(),
      basis: z.string().regex(/^[0-9a-f]{64}$/, problem('close_reload')),
      note: z.string().trim().max(500).optional(),
    }),
  ),
  /** For the counter: today's last close, if any, so the till can say that new sales come after it. */
  'close.status': method<DayStatus>()('clerk', none),
  'close.csv': method<{ readonly filename: string; readonly content: string }>()('manager', z.strictObject({ date: localDate })),
  /** Today's till: its opening float if opened, else the cash of the last close that could be carried. */
  'till.today': method<TillToday>()('clerk', none),
  /** Opens today's till with a float, entered or carried from the last close; once a day (again: the first stands). */
  'till.open': method<TillSession>()(
    'clerk',
    z.union([z.strictObject({ float: moneyInput }), z.strictObject({ carry: z.literal(true) })]),
  ),
  /** Past days with takings that were never closed (the latest first). */
  'close.unclosed': method<readonly UnclosedDay[]>()('manager', none),
  'staff.all': method<readonly StaffMember[]>()('manager', none),
  'staff.create': method<StaffMember>()('manager', z.strictObject({ name: staffName, role: staffRole, pin })),
  'staff.rename': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64), name: staffName })),
  'staff.deactivate': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64) })),
  'staff.reactivate': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64) })),
  'staff.resetPin': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64), pin })),
  'staff.unlock': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64) })),
  /** Refused (conflict) when it would leave the store without an active manager; the same role is a no-op. */
  'staff.setRole': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64), role: staffRole })),
  'settings.get': method<StoreSettings>()('manager', none),
  'settings.update': method<StoreSettings>()('manager', settingsChangeSchema),
  /** The store's price rule and its exceptions (a country's local packages, single packages). */
  'pricing.rules': method<PriceRulesView>()('manager', none),
  /** Sets, or with `rule: null` removes, the exception for a country's local packages or one package. */
  'pricing.setRule': method<PriceRulesView>()(
    'manager',
    z.discriminatedUnion('scope', [
      z.strictObject({ scope: z.literal('country'), target: countryCode, rule: priceRuleSchema.nullable() }),
      z.strictObject({
        scope: z.literal('package'),
        target: z.string().trim().min(1).max(120),
        rule: priceRuleSchema.nullable(),
      }),
    ]),
  ),
  /** The partner's exchange rate into the store's currency, dated, and the last days'. */
  'pricing.rates': method<RatesView>()('manager', none),
  /** "Fetch now": today's rate from the partner, waited for. */
  'pricing.refreshRates': method<RatesView>()('manager', none),
  'account.balance': method<BalanceView>()('manager', z.strictObject({ refresh: z.boolean().default(false) })),
  'refunds.request': method<RefundView>()(
    'manager',
    z.strictObject({
      iccids: z.array(z.string().trim().min(1).max(40)).min(1).max(5),
      reason: z.enum(REFUND_REASONS, problem('refund_reason')),
      notes: z.string().trim().max(255).optional(),
      email: z.email(problem('email')).optional(),
      /** Started from this sale in History: the ICCIDs must be its eSIMs. */
      saleId: z.uuid().optional(),
    }),
  ),
  'refunds.list': method<readonly RefundView[]>()('manager', none),
  'settings.partner': method<PartnerSettingsView>()('manager', none),
  /** Applies at the next start; the secret is stored through the OS keychain and never shown back. */
  'settings.setPartner': method<PartnerSettingsView>()(
    'manager',
    z.strictObject({
      environment: z.enum(['demo', 'partner_sandbox', 'production']),
      clientId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,200}$/, problem('credential_chars'))
        .optional(),
      clientSecret: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,200}$/, problem('credential_chars'))
        .optional(),
    }),
  ),
  'notifications.lowData': method<{ readonly email: string | null }>()('manager', z.strictObject({ email: lowDataEmailSchema })),
  /**
   * Joins this counter to a head office on PostgreSQL: the URL (its password goes to the secret
   * store, never the journal), the store's and this counter's ids (in every reference from now on).
   */
  'chain.join': method<ChainStatus>()(
    'manager',
    z.strictObject({
      url: z
        .string()
        .trim()
        .min(1, problem('required'))
        .max(1000)
        .regex(/^postgres(ql)?:\/\//, problem('invalid')),
      storeId: chainIdInput,
      counterId: chainIdInput,
    }),
  ),
  /** How the journal's shipping to the head office goes: in sync, N waiting, last sent at. */
  'chain.status': method<ChainStatus>()('manager', none, { passive: true }),
  /** Public: the customer display window has no staff session of its own. */
} as const;
