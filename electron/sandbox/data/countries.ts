// Every country and territory with a local offer, grouped by the region whose regional packages cover it.
// Names come from Intl.DisplayNames so no list of names has to be maintained here.
export type RegionId = 'europe' | 'asia' | 'middle-east' | 'africa' | 'north-america' | 'latin-america' | 'caribbean' | 'oceania';

const BY_REGION: Record<RegionId, string> = {
  europe:
    'AL AD AT BY BE BA BG HR CY CZ DK EE FO FI FR DE GI GR GG HU IS IE IM IT JE XK LV LI LT LU MT MD MC ME NL MK NO PL PT RO RU SM RS SK SI ES SE CH UA GB',
  asia: 'AM AZ BD BT BN KH CN GE HK IN ID JP KZ KG LA MO MY MV MN MM NP PK PH SG KR LK TW TJ TH TL UZ VN',
  'middle-east': 'BH IL IQ JO KW LB OM PS QA SA TR AE',
  africa:
    'DZ AO BJ BW BF BI CM CV CF TD CG CD CI DJ EG GQ SZ ET GA GM GH GN GW KE LS LR MG MW ML MR MU YT MA MZ NA NE NG RE RW ST SN SC SL ZA SD TZ TG TN UG ZM ZW',
  'north-america': 'US CA MX',
  'latin-america': 'AR BO BR CL CO CR EC SV GT HN NI PA PY PE UY BZ GY SR GF',
  caribbean: 'AI AG AW BS BB BM BQ VG KY CW DM DO GD GP HT JM MQ MS PR KN LC MF VC SX TT TC VI BL',
  oceania: 'AU NZ FJ PF GU NC PG WS TO VU MP',
};

export const REGION_TITLES: Record<RegionId, string> = {
  europe: 'Europe',
  asia: 'Asia',
  'middle-east': 'Middle East and North Africa',
  africa: 'Africa',
  'north-america': 'North America',
  'latin-america': 'Latin America',
  caribbean: 'Caribbean Islands',
  oceania: 'Oceania',
};

/** Markets big enough to carry several competing operators. */
const LARGE = new Set('US CA MX BR AR GB DE FR IT ES NL PL TR RU UA CN IN ID JP KR TH VN PH MY AU SA AE EG ZA NG'.split(' '));

/** Price level of a market relative to the cheapest ones (1 = cheapest). */
const PRICEY_REGIONS: Record<RegionId, number> = {
  europe: 1,
  'north-america': 1.3,
  asia: 1.1,
  'middle-east': 1.6,
  africa: 2.1,
  'latin-america': 1.7,
  caribbean: 2.4,
  oceania: 1.8,
};

export type Country = {
  code: string;
  name: string;
  slug: string;
  region: RegionId;
  large: boolean;
  priceLevel: number;
};

const names = new Intl.DisplayNames(['en'], { type: 'region' });

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function countryName(code: string): string {
  return names.of(code) ?? code;
}

export const COUNTRIES: readonly Country[] = (Object.keys(BY_REGION) as RegionId[]).flatMap((region) =>
  BY_REGION[region].split(' ').map((code) => {
    const name = countryName(code);
    return { code, name, slug: slugify(name), region, large: LARGE.has(code), priceLevel: PRICEY_REGIONS[region] };
  }),
);

export function countriesOf(region: RegionId): Country[] {
  return COUNTRIES.filter((c) => c.region === region);
}
