// JSON shapes of the catalogue: country/region entries, operators and packages.
import type { Entry, OperatorDef, PackageDef } from '../catalogue.ts';
import { countryName } from '../data/countries.ts';
import { manualInstallationHtml, qrInstallationHtml } from '../data/instructions.ts';
import { inAllCurrencies } from '../data/currencies.ts';

const IMAGE_HOST = 'https://sandbox.airalo.com/images';

const image = (name: string) => ({ width: 132, height: 99, url: `${IMAGE_HOST}/${name}.png` });

/** `discounted`: a discount-pricing account, which is shown no net prices. */
export function pricesOf(pkg: PackageDef, discounted = false) {
  const recommended = { recommended_retail_price: inAllCurrencies(pkg.price) };
  return discounted ? recommended : { net_price: inAllCurrencies(pkg.netPrice), ...recommended };
}

/** The short package form of the top-up list and the package history. */
export function packageSummary(pkg: PackageDef, discounted = false) {
  return {
    id: pkg.id,
    type: pkg.type,
    price: pkg.price,
    amount: pkg.amountMb,
    day: pkg.days,
    is_unlimited: pkg.unlimited,
    title: pkg.title,
    data: pkg.data,
    short_info: pkg.shortInfo,
    voice: pkg.voice,
    text: pkg.text,
    net_price: discounted ? null : pkg.netPrice,
  };
}

export function packageJson(pkg: PackageDef, lang: string, discounted: boolean) {
  return {
    ...packageSummary(pkg, discounted),
    prices: pricesOf(pkg, discounted),
    qr_installation: qrInstallationHtml(lang),
    manual_installation: manualInstallationHtml(lang),
    is_fair_usage_policy: pkg.fairUsagePolicy !== null,
    fair_usage_policy: pkg.fairUsagePolicy,
  };
}

export function operatorJson(op: OperatorDef, packages: PackageDef[], lang: string, discounted: boolean) {
  return {
    id: op.id,
    style: op.style,
    gradient_start: op.gradientStart,
    gradient_end: op.gradientEnd,
    type: op.type,
    is_prepaid: true,
    title: op.title,
    esim_type: 'Prepaid',
    warning: null,
    apn_type: op.apnType,
    apn_value: op.apnValue,
    is_roaming: op.isRoaming,
    info: op.info,
    image: image(op.slug),
    plan_type: op.planType,
    activation_policy: 'first-usage',
    is_kyc_verify: op.isKycVerify,
    rechargeability: op.packages.some((p) => p.type === 'topup'),
    other_info: op.otherInfo,
    coverages: op.coverages,
    install_window_days: op.installWindowDays,
    topup_grace_window_days: op.topupGraceWindowDays,
    apn: {
      ios: { apn_type: op.apnType, apn_value: op.apnValue },
      android: { apn_type: op.apnType, apn_value: op.apnValue },
    },
    countries: op.countryCodes.map((code) => ({
      country_code: code,
      title: countryName(code),
      image: image(`flags/${code.toLowerCase()}`),
    })),
    packages: packages.map((p) => packageJson(p, lang, discounted)),
  };
}

// The catalogue never changes while the sandbox runs, so each rendering is made once.
const rendered = new WeakMap<Entry, Map<string, string>>();

/** The entry as JSON text, memoised per entry, top-up inclusion, language and pricing model. */
export function entryJsonText(entry: Entry, includeTopups: boolean, lang: string, discounted = false): string {
  let byKey = rendered.get(entry);
  if (!byKey) rendered.set(entry, (byKey = new Map()));
  const key = `${includeTopups}:${lang}:${discounted}`;
  let text = byKey.get(key);
  if (text === undefined) byKey.set(key, (text = JSON.stringify(entryJson(entry, includeTopups, lang, discounted))));
  return text;
}

export function entryJson(entry: Entry, includeTopups: boolean, lang: string, discounted = false) {
  const operators = entry.operators
    .map((op) => ({ op, packages: op.packages.filter((p) => includeTopups || p.type === 'sim') }))
    .filter((o) => o.packages.length > 0);
  const sims = entry.operators.flatMap((op) => op.packages.filter((p) => p.type === 'sim'));
  const cheapest = sims.reduce((min, p) => (p.price < min.price ? p : min), sims[0] as PackageDef);
  return {
    slug: entry.slug,
    country_code: entry.countryCode,
    title: entry.title,
    image: image(entry.countryCode ? `flags/${entry.countryCode.toLowerCase()}` : entry.slug),
    min_price: pricesOf(cheapest, discounted),
    operators: operators.map((o) => operatorJson(o.op, o.packages, lang, discounted)),
  };
}
