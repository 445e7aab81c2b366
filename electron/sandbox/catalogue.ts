// The deterministic catalogue: the same --seed always yields the same countries, operators,
// packages and prices. It is rebuilt at start (a few milliseconds) rather than stored.
import { COUNTRIES, REGION_TITLES, countriesOf, slugify, type Country, type RegionId } from './data/countries.ts';
import {
  GLOBAL_PLANS,
  LOCAL_PLANS,
  NAME_STEMS,
  NAME_SUFFIXES,
  NETWORK_TYPES,
  REGIONAL_PLANS,
  STYLES,
  UNLIMITED_PLANS,
  VOICE_PLANS,
  type Plan,
} from './data/package-plans.ts';
import { TEST_PACKAGES, type TestBehaviour } from './data/test-packages.ts';
import { deriveRng, type Rng } from './prng.ts';

/** Countries whose local operators the sandbox marks as asking for an identity check (KYC). */
const KYC_COUNTRIES = new Set(['JP', 'CN', 'TR', 'SG']);
export type PackageDef = {
  id: string;
  type: 'sim' | 'topup';
  operatorId: number;
  price: number;
  netPrice: number;
  amountMb: number;
  days: number;
  unlimited: boolean;
  title: string;
  data: string;
  voice: number | null;
  text: number | null;
  shortInfo: string | null;
  fairUsagePolicy: string | null;
  /** For a top-up: the sim package it tops up. */
  simPackageId: string | null;
  test: TestBehaviour | null;
};

export type Coverage = { name: string; code: string; networks: { name: string; types: string[] }[] };

export type OperatorDef = {
  id: number;
  slug: string;
  title: string;
  type: 'local' | 'global';
  planType: 'data' | 'data-voice-text';
  isRoaming: boolean;
  style: string;
  gradientStart: string;
  gradientEnd: string;
  apnType: 'automatic' | 'manual';
  apnValue: string | null;
  info: string[];
  otherInfo: string | null;
  isKycVerify: boolean;
  installWindowDays: number;
  topupGraceWindowDays: number;
  countryCodes: string[];
  coverages: Coverage[];
  packages: PackageDef[];
  entrySlug: string;
};

export type Entry = {
  slug: string;
  countryCode: string;
  title: string;
  kind: 'local' | 'global';
  operators: OperatorDef[];
  /** Hidden entries (the test packages) resolve by id but are not listed. */
  hidden: boolean;
};

export type Catalogue = {
  entries: Entry[];
  packages: Map<string, PackageDef>;
  operators: Map<number, OperatorDef>;
  operatorOf(pkg: PackageDef): OperatorDef;
};

const round2 = (n: number): number => Math.round(n * 100) / 100;
const gb = (mb: number): string => (mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`);
const hexColour = (rng: Rng): string => `#${rng.int(0, 0xffffff).toString(16).padStart(6, '0')}`;

function planData(plan: Plan): string {
  return plan.unlimited ? 'Unlimited' : gb(plan.mb);
}

function planTitle(plan: Plan): string {
  const parts = [planData(plan)];
  if (plan.text) parts.push(`${plan.text} SMS`);
  if (plan.voice) parts.push(`${plan.voice} Mins`);
  parts.push(`${plan.days} Days`);
  return parts.join(' - ');
}

function planSuffix(plan: Plan): string {
  const size = plan.unlimited ? 'unlimited' : plan.mb % 1024 === 0 ? `${plan.mb / 1024}gb` : `${plan.mb}mb`;
  const extras = plan.voice ? `-${plan.voice}min-${plan.text}sms` : '';
  return `${plan.days}days-${size}${extras}`;
}

/** Retail price in USD: grows sublinearly with data and a little with validity. */
function retailPrice(plan: Plan, level: number, rng: Rng): number {
  const gbs = plan.unlimited ? 6 * Math.sqrt(plan.days) : plan.mb / 1024;
  const base = 4.5 * level * Math.pow(gbs, 0.72) * (plan.days >= 30 ? 1.08 : 1) * (plan.voice ? 1.35 : 1);
  const jitter = 0.9 + rng.next() * 0.2;
  return Math.max(3.5, Math.round(base * jitter * 2) / 2);
}

class NamePool {
  private used = new Set<string>();
  private rng: Rng;
  constructor(rng: Rng) {
    this.rng = rng;
  }
  take(): string {
    for (;;) {
      const name = `${this.rng.pick(NAME_STEMS)} ${this.rng.pick(NAME_SUFFIXES)}`;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }
}

export function buildCatalogue(seed: number): Catalogue {
  const rng = deriveRng(seed, 'catalogue');
  const names = new NamePool(deriveRng(seed, 'names'));
  const entries: Entry[] = [];
  const usedSlugs = new Set<string>();
  let operatorId = 1000 + rng.int(0, 500);

  const coverageOf = (country: Country): Coverage => ({
    name: country.code,
    code: country.code,
    networks: Array.from({ length: rng.int(1, 3) }, () => ({
      name: `${rng.pick(NAME_STEMS)} ${country.name.split(' ')[0]}`,
      types: [...rng.pick(NETWORK_TYPES)],
    })),
  });

  const makeOperator = (
    title: string,
    type: 'local' | 'global',
    countries: Country[],
    plans: readonly Plan[],
    level: number,
    entrySlug: string,
  ): OperatorDef => {
    let slug = slugify(title);
    if (usedSlugs.has(slug)) slug = `${slug}-${slugify(entrySlug)}`;
    usedSlugs.add(slug);
    const id = operatorId++;
    const planType = plans.some((p) => p.voice) ? 'data-voice-text' : 'data';
    const isRoaming = type === 'global' || rng.chance(0.25);
    const rechargeable = rng.chance(0.9);
    const apnType = rng.chance(0.8) ? 'automatic' : 'manual';
    const packages: PackageDef[] = [];
    for (const plan of plans) {
      const price = retailPrice(plan, level, rng);
      const net = round2(price * (0.68 + rng.next() * 0.14));
      const sim: PackageDef = {
        id: `${slug}-${planSuffix(plan)}`,
        type: 'sim',
        operatorId: id,
        price,
        netPrice: net,
        amountMb: plan.unlimited ? 0 : plan.mb,
        days: plan.days,
        unlimited: !!plan.unlimited,
        title: planTitle(plan),
        data: planData(plan),
        voice: plan.voice ?? null,
        text: plan.text ?? null,
        shortInfo: plan.voice ? 'This eSIM includes a local phone number for calls and SMS.' : null,
        fairUsagePolicy: plan.unlimited ? 'Lower speed rate of 1 Mbps after 3 GB usage per day.' : null,
        simPackageId: null,
        test: null,
      };
      packages.push(sim);
      if (rechargeable) packages.push({ ...sim, id: `${sim.id}-topup`, type: 'topup', simPackageId: sim.id });
    }
    return {
      id,
      slug,
      title,
      type,
      planType,
      isRoaming,
      style: rng.pick(STYLES),
      gradientStart: hexColour(rng),
      gradientEnd: hexColour(rng),
      apnType,
      apnValue: apnType === 'manual' ? `${slug.split('-')[0]}.data` : null,
      info: [
        planType === 'data' ? 'Data only eSIM.' : 'Data, voice and text eSIM.',
        rng.chance(0.5) ? 'Rechargeable online with no expiry.' : 'Operated by a partner network.',
        isRoaming ? 'Uses roaming partner networks.' : 'Local operator network.',
      ],
      otherInfo: rng.chance(0.3) ? 'Hotspot and tethering are supported.' : null,
      // Some countries' operators ask the traveller to verify their identity (eKYC) before the eSIM works.
      isKycVerify: type === 'local' && countries.length === 1 && KYC_COUNTRIES.has(countries[0]!.code),
      installWindowDays: 180,
      topupGraceWindowDays: 365,
      countryCodes: countries.map((c) => c.code),
      coverages: countries.map(coverageOf),
      packages,
      entrySlug,
    };
  };

  for (const country of COUNTRIES) {
    const count = country.large ? rng.int(2, 3) : 1;
    const operators: OperatorDef[] = [];
    for (let i = 0; i < count; i++) {
      const plans: Plan[] = [...LOCAL_PLANS];
      if (i === 0 && (country.large || rng.chance(0.3))) plans.push(...UNLIMITED_PLANS);
      const voiceOperator = country.large && i === count - 1;
      operators.push(
        makeOperator(
          names.take(),
          'local',
          [country],
          voiceOperator ? VOICE_PLANS : plans,
          country.priceLevel * (0.9 + 0.1 * i),
          country.slug,
        ),
      );
    }
    entries.push({ slug: country.slug, countryCode: country.code, title: country.name, kind: 'local', operators, hidden: false });
  }

  for (const region of Object.keys(REGION_TITLES) as RegionId[]) {
    const countries = countriesOf(region);
    const title = REGION_TITLES[region];
    const slug = slugify(title);
    const operators = [
      makeOperator(`${title.split(' ')[0]} ${rng.pick(NAME_SUFFIXES)}`, 'global', countries, REGIONAL_PLANS, 1.3, slug),
    ];
    entries.push({ slug, countryCode: '', title, kind: 'global', operators, hidden: false });
  }
  entries.push({
    slug: 'eu-plus-uk',
    countryCode: '',
    title: 'Europe + UK',
    kind: 'global',
    operators: [
      makeOperator(
        'Eurolink',
        'global',
        COUNTRIES.filter((c) => c.region === 'europe'),
        REGIONAL_PLANS.slice(0, 3),
        1.2,
        'eu-plus-uk',
      ),
    ],
    hidden: false,
  });
  entries.push({
    slug: 'world',
    countryCode: '',
    title: 'Discover Global',
    kind: 'global',
    operators: [makeOperator('Discover Global', 'global', [...COUNTRIES], GLOBAL_PLANS, 2.2, 'world')],
    hidden: false,
  });

  entries.push(buildTestEntry(operatorId++));

  const packages = new Map<string, PackageDef>();
  const operators = new Map<number, OperatorDef>();
  for (const entry of entries) {
    for (const op of entry.operators) {
      operators.set(op.id, op);
      for (const pkg of op.packages) packages.set(pkg.id, pkg);
    }
  }
  return {
    entries,
    packages,
    operators,
    operatorOf: (pkg) => operators.get(pkg.operatorId) as OperatorDef,
  };
}

function buildTestEntry(id: number): Entry {
  const packages: PackageDef[] = [];
  for (const [pkgId, test] of Object.entries(TEST_PACKAGES)) {
    const sim: PackageDef = {
      id: pkgId,
      type: 'sim',
      operatorId: id,
      price: 5,
      netPrice: 4,
      amountMb: 1024,
      days: 7,
      unlimited: false,
      title: '1 GB - 7 Days',
      data: '1 GB',
      voice: null,
      text: null,
      shortInfo: 'Sandbox test package.',
      fairUsagePolicy: null,
      simPackageId: null,
      test,
    };
    packages.push(sim, { ...sim, id: `${pkgId}-topup`, type: 'topup', simPackageId: pkgId });
  }
  const operator: OperatorDef = {
    id,
    slug: 'sandbox-test',
    title: 'Sandbox Test',
    type: 'global',
    planType: 'data',
    isRoaming: true,
    style: 'light',
    gradientStart: '#000000',
    gradientEnd: '#ffffff',
    apnType: 'automatic',
    apnValue: null,
    info: ['Sandbox test operator.'],
    otherInfo: null,
    isKycVerify: false,
    installWindowDays: 180,
    topupGraceWindowDays: 365,
    countryCodes: ['US'],
    coverages: [{ name: 'US', code: 'US', networks: [{ name: 'Sandbox', types: ['4G'] }] }],
    packages,
    entrySlug: 'sandbox-test',
  };
  return { slug: 'sandbox-test', countryCode: '', title: 'Sandbox Test', kind: 'global', operators: [operator], hidden: true };
}
