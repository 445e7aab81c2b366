import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, startOfLocalDay, today } from '../../../../shared/clock.ts';
import type { AppInfo } from '../../../../shared/contract.ts';
import { ERROR_CODES, ERROR_REASONS, FIELD_PROBLEMS, type AppError } from '../../../../shared/errors.ts';
import { ORDER_FAILURE_CODES } from '../../../../shared/sales.ts';
import {
  describeError,
  describeErrorParts,
  describeSaleFailure,
  fieldProblemKey,
  fieldWords,
  genericWords,
  reasonKey,
} from '../../../../renderer/src/errors.ts';
import { i18n, loadNamespaces } from '../../../../renderer/src/i18n/i18n.ts';
import { en } from '../../../../renderer/src/i18n/locales/en/index.ts';
import { useStore } from '../../../../renderer/src/state/store.ts';

// The store's zone, which no test machine is in (+5:45): the words must follow it, not the machine's.
const ZONE = 'Asia/Kathmandu';

/** 14:35 on the store's clock, `days` from its today, as the backend would send it (UTC ISO). */
const at1435 = (days = 0) => new Date(startOfLocalDay(addDays(today(ZONE), days), ZONE) + (14 * 60 + 35) * 60_000);

/** An error as the backend sends it; its English message is something no screen may show. */
const error = (fields: Omit<AppError, 'message'>): AppError => ({ message: 'BACKEND ENGLISH', ...fields });

beforeEach(async () => {
  useStore.setState({ info: { timeZone: ZONE, locale: 'de-DE' } as AppInfo });
  await i18n.changeLanguage('en');
});
afterEach(() => useStore.setState({ info: null }));

/** The English catalogue's text at a dotted key, or its plural's `_other` form. */
function english(key: string): string | undefined {
  const lookup = (path: string) =>
    path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en.errors);
  const found = lookup(key) ?? lookup(`${key}_other`);
  return typeof found === 'string' ? found : undefined;
}

describe('every failure has words', () => {
  it('every code, reason, field problem and order failure has English words', () => {
    for (const code of ERROR_CODES) expect(english(`code.${code}`), code).toBeTruthy();
    for (const reason of ERROR_REASONS) expect(english(reasonKey(reason)), reason).toBeTruthy();
    for (const problem of FIELD_PROBLEMS) expect(english(fieldProblemKey(problem)), problem).toBeTruthy();
    for (const code of ORDER_FAILURE_CODES) expect(english(`order.${code}`), code).toBeTruthy();
  });

  it('names nothing as i18next would read a plural form (`_one`, `_other`…)', () => {
    const plural = /_(zero|one|two|few|many|other)$/;
    expect([...ERROR_REASONS, ...FIELD_PROBLEMS, ...ORDER_FAILURE_CODES].filter((name) => plural.test(name))).toEqual([]);
  });

  it('never says the backend’s English message, whatever the failure', () => {
    for (const code of ERROR_CODES) expect(describeError(error({ code }))).not.toContain('BACKEND ENGLISH');
    for (const reason of ERROR_REASONS) {
      expect(
        describeError(
          error({
            code: 'conflict',
            reason,
            params: {
              count: 2,
              name: 'Eve',
              iccid: '89',
              country: 'DE',
              status: 502,
              day: '2026-11-25',
              brand: 'Acme',
              currency: 'USD',
              at: '2026-11-26T10:00:00.000Z',
              max: '50.00 USD',
              room: '20.00 USD',
              references: 'EC-20261129-ABCDEFGH',
            },
          }),
        ),
      ).not.toMatch(/BACKEND ENGLISH|\{\{/);
    }
  });
});

describe('describeError', () => {
  it('says the reason’s words, with what they quote, over the code’s', () => {
    expect(describeError(error({ code: 'conflict', reason: 'name_taken', params: { name: 'Eve Early' } }))).toBe(
      'Someone active is already called Eve Early. Use a different name.',
    );
    expect(describeError(error({ code: 'conflict' }))).toBe(genericWords('conflict'));
  });

  it('counts in the language’s plural forms', () => {
    const left = (count: number) => describeError(error({ code: 'wrong_pin', reason: 'pin_tries_left', params: { count } }));
    expect(left(4)).toBe('Wrong PIN. 4 tries left before this account locks.');
    expect(left(1)).toBe('Wrong PIN. 1 try left before this account locks.');
  });

  it('names a country in the reader’s language', async () => {
    const refused = error({ code: 'bad_input', reason: 'package_not_for_country', params: { country: 'DE' } });
    expect(describeError(refused)).toBe('This package does not work in Germany. Pick a package for that country.');
    await loadNamespaces('de', ['errors']);
    await i18n.changeLanguage('de');
    expect(describeError(refused)).toContain('Deutschland');
  });

  it('says a refused input by its fields’ problems when it has no reason of its own', () => {
    const refused = error({
      code: 'bad_input',
      fields: { pin: 'pin_too_easy', note: 'too_long' },
      fieldParams: { note: { max: 500 } },
    });
    expect(describeError(refused)).toBe(
      'That PIN is too easy to guess (one digit repeated, or a run like 1234). Pick another. Too long: at most 500 characters.',
    );
    expect(describeErrorParts(refused)).toEqual({
      headline: 'Please check what you entered.',
      fields: [
        'That PIN is too easy to guess (one digit repeated, or a run like 1234). Pick another.',
        'Too long: at most 500 characters.',
      ],
    });
    expect(describeError(error({ code: 'bad_input' }))).toBe('Please check what you entered.');
  });

  it('words one field’s problem with the ICCID rule’s parameters, or nothing for a field with none', () => {
    const refused = error({ code: 'bad_input', fields: { iccid: 'iccid_prefix' }, fieldParams: { iccid: { prefix: '12' } } });
    expect(fieldWords(refused, 'iccid')).toBe('An ICCID starts with 89, but this starts with 12.');
    expect(fieldWords(refused, 'pin')).toBeNull();
    expect(
      fieldWords(error({ code: 'bad_input', reason: 'iccid_check_digit', fields: { iccid: 'iccid_check_digit' } }), 'iccid'),
    ).toBe('The last digit of this ICCID does not check out. Compare it with the card, then confirm.');
  });

  it('quotes the eSIM service’s own words, except where they would name the shop’s credit', () => {
    const refused = error({ code: 'partner_rejected', reason: 'partner_refused', partnerMessage: 'The ICCID is not yours.' });
    expect(describeError(refused)).toBe(
      'The eSIM service refused this request. The eSIM service said: “The ICCID is not yours.”',
    );
    const credit = error({
      code: 'partner_rejected',
      reason: 'low_credit',
      partnerMessage: 'Balance 3.20 USD, order costs 9 USD.',
    });
    expect(describeError(credit)).not.toMatch(/USD/);
    const withFields = describeErrorParts(error({ code: 'partner_rejected', partnerFields: { iccids: 'not found' } }));
    expect(withFields.fields).toEqual(['iccids: “not found”']);
  });

  it('says how long the service asked us to wait', () => {
    expect(describeError(error({ code: 'rate_limited', retryAfterSeconds: 1 }))).toBe(
      'The eSIM service asked us to wait 1 second. Try again then.',
    );
    expect(describeError(error({ code: 'rate_limited', retryAfterSeconds: 900 }))).toBe(
      'The eSIM service asked us to wait 15 minutes. Try again then.',
    );
  });
});

describe('describeError for wrong PINs’ locks', () => {
  it('says until when a sign-in is locked, on the store’s 24-hour clock, and that a manager can unlock now', () => {
    const lockedUntil = at1435().toISOString();
    expect(describeError(error({ code: 'locked', reason: 'account_locked', lockedUntil, lockScope: 'sign_in' }))).toBe(
      'Too many wrong PINs. Try again after 14:35, or ask a manager to unlock it now.',
    );
  });

  it('follows the store’s 12-hour clock where its locale has one', () => {
    useStore.setState({ info: { timeZone: ZONE, locale: 'en-US' } as AppInfo });
    const lockedUntil = at1435().toISOString();
    expect(describeError(error({ code: 'locked', lockedUntil, lockScope: 'sign_in' }))).toBe(
      'Too many wrong PINs. Try again after 2:35 PM, or ask a manager to unlock it now.',
    );
  });

  it('gives the date too when the lock runs into another day', () => {
    const tomorrow = at1435(1);
    const words = describeError(error({ code: 'locked', lockedUntil: tomorrow.toISOString(), lockScope: 'sign_in' }));
    expect(words).toMatch(/^Too many wrong PINs\. Try again after \S*\d\S* 14:35, or ask a manager to unlock it now\.$/);
    expect(words).not.toBe('Too many wrong PINs. Try again after 14:35, or ask a manager to unlock it now.');
  });

  it('tells a clerk asking for approvals, and about a paused manager, in words of their own', () => {
    const lockedUntil = at1435().toISOString();
    expect(describeError(error({ code: 'locked', lockedUntil, lockScope: 'asking' }))).toBe(
      'Too many wrong manager’s PINs. You can ask for an approval again after 14:35, or a manager can unlock you now.',
    );
    expect(describeError(error({ code: 'locked', lockedUntil, lockScope: 'approving' }))).toBe(
      'Too many wrong PINs for this manager’s approval: approvals by this manager are paused until 14:35. Another manager can approve; this one can still sign in.',
    );
  });

  it('tells the only manager the commands that let her in, with her name, instead of asking a manager', () => {
    const lockedUntil = at1435().toISOString();
    const words = describeError(
      error({ code: 'locked', lockedUntil, lockScope: 'sign_in_last_manager', params: { name: 'Maria Manager' } }),
    );
    expect(words).toContain('Try again after 14:35. You are the only manager');
    expect(words).toContain('npm run admin -- unlock --staff "Maria Manager"');
    expect(words).toContain('npm run admin -- reset-pin --staff "Maria Manager" --recovery-code');
    expect(words).not.toContain('ask a manager');
  });

  it('says the code’s words for a lock without an end, never the backend’s', () => {
    expect(describeError(error({ code: 'locked' }))).toBe('This account is locked. A manager can unlock it.');
  });
});

describe('describeSaleFailure', () => {
  it('words every failure, and quotes the service only where the text is its own', () => {
    expect(describeSaleFailure({ code: 'sold_out', reason: 'out of stock (34)' })).toEqual({
      words: 'This package is sold out right now.',
      detail: null,
      soldOut: true,
    });
    expect(describeSaleFailure({ code: 'rejected', reason: 'The package is retired.' })).toEqual({
      words: 'The eSIM service refused the order.',
      detail: 'The package is retired.',
      soldOut: false,
    });
    // Our own English reason stays out of sight: the words say it in the reader's language.
    expect(describeSaleFailure({ code: 'unreachable', reason: 'BACKEND ENGLISH' }).detail).toBeNull();
    expect(describeSaleFailure(null).words).toBe('The eSIM service did not issue the eSIM.');
  });
  it('words the partner codes a counter meets and keeps the service’s text as detail', () => {
    const out = describeSaleFailure({ code: 'maintenance', reason: 'Maintenance until 14:00.' });
    expect(out).toEqual({ words: expect.stringMatching(/maintenance/), detail: 'Maintenance until 14:00.', soldOut: false });
  });
  it('never shows the clerk the service’s credit text, which names the wholesale cost', () => {
    const out = describeSaleFailure({
      code: 'low_credit',
      reason: 'Insufficient Airalo Credit: the order costs 3.10 USD and the balance is 0.00 USD',
    });
    expect(out.words).toBe('Sales are paused: the shop’s eSIM account needs topping up. Ask a manager.');
    expect(out.detail).toBeNull();
    expect(JSON.stringify(out)).not.toMatch(/USD|Airalo|costs/);
  });
});
