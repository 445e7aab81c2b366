// The shapes of offer an operator sells, and the names operators are drawn from.
export type Plan = {
  days: number;
  /** MB; 0 with unlimited. */
  mb: number;
  unlimited?: boolean;
  voice?: number;
  text?: number;
};

export const LOCAL_PLANS: readonly Plan[] = [
  { days: 7, mb: 1024 },
  { days: 15, mb: 2048 },
  { days: 30, mb: 3072 },
  { days: 30, mb: 5120 },
  { days: 30, mb: 10240 },
  { days: 30, mb: 20480 },
];

export const UNLIMITED_PLANS: readonly Plan[] = [
  { days: 3, mb: 0, unlimited: true },
  { days: 7, mb: 0, unlimited: true },
  { days: 15, mb: 0, unlimited: true },
];

export const VOICE_PLANS: readonly Plan[] = [
  { days: 30, mb: 3072, voice: 100, text: 100 },
  { days: 30, mb: 10240, voice: 300, text: 300 },
];

export const REGIONAL_PLANS: readonly Plan[] = [
  { days: 7, mb: 1024 },
  { days: 15, mb: 3072 },
  { days: 30, mb: 5120 },
  { days: 30, mb: 10240 },
  { days: 60, mb: 20480 },
];

export const GLOBAL_PLANS: readonly Plan[] = [
  { days: 7, mb: 1024 },
  { days: 15, mb: 2048 },
  { days: 30, mb: 3072 },
  { days: 30, mb: 5120 },
  { days: 90, mb: 20480 },
];

export const NAME_STEMS = [
  'Kallur',
  'Change',
  'Uki',
  'Bonbon',
  'Meraki',
  'Moshi',
  'Lumen',
  'Aero',
  'Nomad',
  'Orbit',
  'Pulse',
  'Breeze',
  'Atlas',
  'Cobalt',
  'Zephyr',
  'Nimbus',
  'Vista',
  'Tango',
  'Sierra',
  'Polar',
  'Coral',
  'Maple',
  'Sakura',
  'Jade',
  'Amber',
  'Ember',
  'Falcon',
  'Harbor',
  'Summit',
  'Willow',
  'Kiwi',
  'Mango',
  'Saffron',
  'Baobab',
  'Condor',
  'Fjord',
  'Lotus',
  'Monsoon',
  'Oasis',
  'Pampas',
  'Quetzal',
  'Rialto',
  'Savanna',
  'Tundra',
  'Umbra',
  'Velvet',
  'Wander',
  'Yonder',
  'Zenith',
  'Arrow',
  'Beacon',
  'Cedar',
  'Dune',
  'Echo',
  'Flux',
  'Glow',
  'Halo',
  'Iris',
  'Juno',
  'Koala',
] as const;

export const NAME_SUFFIXES = ['Mobile', 'Digital', 'Telecom', 'Connect', 'Wireless', 'Net', 'Cell', 'Link'] as const;

export const NETWORK_TYPES: readonly (readonly string[])[] = [['4G', '5G'], ['4G'], ['LTE'], ['3G', '4G']];

export const STYLES = ['light', 'dark'] as const;
