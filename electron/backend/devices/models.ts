/**
 * Model numbers, the counter's own table: the partner's current (lite) device list names devices
 * but gives no model numbers, and a customer often knows only what the phone's settings show:
 * an iPhone's A-number (Settings › General › About, tap Model Number: "A2849"), a Samsung's
 * SM- number ("SM-S918B"), a Pixel's model ("GWKK3"). Keyed by maker and marketing name as the
 * partner writes them. Only numbers the makers publish; a model left out is found by its name.
 */
import { nameKey } from '../../../shared/search.ts';

/** "Name: number number…", one model a line. */
const APPLE = [
  'iPhone XS: A1920 A2097 A2098 A2099 A2100',
  'iPhone XS Max: A1921 A2101 A2102 A2103 A2104',
  'iPhone XR: A1984 A2105 A2106 A2107 A2108',
  'iPhone 11: A2111 A2221 A2223',
  'iPhone 11 Pro: A2160 A2215 A2217',
  'iPhone 11 Pro Max: A2161 A2218 A2220',
  'iPhone SE (2nd generation): A2275 A2296 A2298',
  'iPhone 12 mini: A2176 A2398 A2399 A2400',
  'iPhone 12: A2172 A2402 A2403 A2404',
  'iPhone 12 Pro: A2341 A2406 A2407 A2408',
  'iPhone 12 Pro Max: A2342 A2410 A2411 A2412',
  'iPhone 13 mini: A2481 A2626 A2628 A2629 A2630',
  'iPhone 13: A2482 A2631 A2633 A2634 A2635',
  'iPhone 13 Pro: A2483 A2636 A2638 A2639 A2640',
  'iPhone 13 Pro Max: A2484 A2641 A2643 A2644 A2645',
  'iPhone SE (3rd generation): A2595 A2782 A2783 A2784 A2785',
  'iPhone 14: A2649 A2881 A2882 A2883 A2884',
  'iPhone 14 Plus: A2632 A2885 A2886 A2887 A2888',
  'iPhone 14 Pro: A2650 A2889 A2890 A2891 A2892',
  'iPhone 14 Pro Max: A2651 A2893 A2894 A2895 A2896',
  'iPhone 15: A2846 A3089 A3090 A3092',
  'iPhone 15 Plus: A2847 A3093 A3094 A3096',
  'iPhone 15 Pro: A2848 A3101 A3102 A3104',
  'iPhone 15 Pro Max: A2849 A3105 A3106 A3108',
  'iPhone 16: A3081 A3286 A3287 A3288',
  'iPhone 16 Plus: A3082 A3289 A3290 A3291',
  'iPhone 16 Pro: A3083 A3292 A3293 A3294',
  'iPhone 16 Pro Max: A3084 A3295 A3296 A3297',
  'iPhone 16e: A3212 A3408 A3409 A3410',
];

/** Samsung's numbers without the region letters, which SAMSUNG_REGIONS adds. */
const SAMSUNG = [
  'Galaxy S20: SM-G981',
  'Galaxy S20+: SM-G986',
  'Galaxy S20 Ultra: SM-G988',
  'Galaxy S20 FE: SM-G781',
  'Galaxy S21: SM-G991',
  'Galaxy S21+: SM-G996',
  'Galaxy S21 Ultra: SM-G998',
  'Galaxy S21 FE: SM-G990',
  'Galaxy S22: SM-S901',
  'Galaxy S22+: SM-S906',
  'Galaxy S22 Ultra: SM-S908',
  'Galaxy S23: SM-S911',
  'Galaxy S23+: SM-S916',
  'Galaxy S23 Ultra: SM-S918',
  'Galaxy S23 FE: SM-S711',
  'Galaxy S24: SM-S921',
  'Galaxy S24+: SM-S926',
  'Galaxy S24 Ultra: SM-S928',
  'Galaxy S24 FE: SM-S721',
  'Galaxy S25: SM-S931',
  'Galaxy S25+: SM-S936',
  'Galaxy S25 Ultra: SM-S938',
  'Galaxy S25 Edge: SM-S937',
  'Galaxy Note20: SM-N981',
  'Galaxy Note20 Ultra: SM-N986',
  'Galaxy Z Flip: SM-F700',
  'Galaxy Z Flip 5G: SM-F707',
  'Galaxy Z Flip3: SM-F711',
  'Galaxy Z Flip4: SM-F721',
  'Galaxy Z Flip5: SM-F731',
  'Galaxy Z Flip6: SM-F741',
  'Galaxy Z Flip7: SM-F766',
  'Galaxy Fold: SM-F900',
  'Galaxy Z Fold2: SM-F916',
  'Galaxy Z Fold3: SM-F926',
  'Galaxy Z Fold4: SM-F936',
  'Galaxy Z Fold5: SM-F946',
  'Galaxy Z Fold6: SM-F956',
  'Galaxy Z Fold7: SM-F966',
  'Galaxy A35 5G: SM-A356',
  'Galaxy A36 5G: SM-A366',
  'Galaxy A54 5G: SM-A546',
  'Galaxy A55 5G: SM-A556',
  'Galaxy A56 5G: SM-A566',
];
/** Europe and most of the world, dual SIM, the US carriers', US unlocked, Canada, Korea, China, Asia. */
const SAMSUNG_REGIONS = ['B', 'B/DS', 'U', 'U1', 'W', 'N', '0', 'E'];

const GOOGLE = [
  'Pixel 2: G011A',
  'Pixel 3: G013A G013B',
  'Pixel 3 XL: G013C G013D',
  'Pixel 3a: G020A G020E G020F G020G',
  'Pixel 3a XL: G020B G020C G020D',
  'Pixel 4: G020I G020M G020N',
  'Pixel 4 XL: G020J G020P G020Q',
  'Pixel 4a: G025J',
  'Pixel 4a (5G): G025E G025I G6QU3',
  'Pixel 5: GD1YQ GTT9Q G5NZ6',
  'Pixel 5a: G1F8F G4S1M',
  'Pixel 6: GB7N6 GR1YH G9S9B',
  'Pixel 6 Pro: GLU0G G8VOU GF5KQ',
  'Pixel 6a: GX7AS GB62Z G1AZG GB17L',
  'Pixel 7: GVU6C GQML3 GO3Z5',
  'Pixel 7 Pro: GP4BC GE2AE GFE4J',
  'Pixel 7a: GWKK3 GHL1X G82U8 G0DZQ',
  'Pixel Fold: G9FPL G0B96',
  'Pixel 8: GKWS6 GPJ41 G9BQD',
  'Pixel 8 Pro: GC3VE G1MNW',
  'Pixel 8a: G8HHN G6GPR G576D',
  'Pixel 9: GUR25 G1B60 G2YBB',
  'Pixel 9a: GTF7P GXQ96 G3Y12',
];

function table(brand: string, lines: readonly string[], expand: (n: string) => string[] = (n) => [n]): [string, string[]][] {
  return lines.map((line) => {
    const colon = line.lastIndexOf(':');
    const numbers = line
      .slice(colon + 1)
      .trim()
      .split(/\s+/)
      .flatMap(expand);
    return [modelKey(brand, line.slice(0, colon)), numbers];
  });
}

// Not nameKey: it drops the "+" that tells the Galaxy S20+ from the Galaxy S20.
const modelKey = (brand: string, name: string): string =>
  `${brand}|${name}`
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?\| ?/, '|')
    .trim();

const NUMBERS = new Map<string, readonly string[]>([
  ...table('Apple', APPLE),
  ...table('Samsung', SAMSUNG, (base) => SAMSUNG_REGIONS.map((region) => base + region)),
  ...table('Google', GOOGLE),
]);

/** The model numbers of a device by its maker and name as the partner lists it, or none. */
export function modelNumbers(brand: string, name: string): readonly string[] {
  return NUMBERS.get(modelKey(brand, name)) ?? [];
}

/** A model number as one word, lower case, without its dashes and slashes: "SM-S918B/DS" → "sms918bds". */
export function compactNumber(text: string): string {
  return nameKey(text).replace(/ /g, '');
}
