// eSIM-capable devices (real models). Samsung and Google models are expanded into their regional
// model codes, which is how the service's list reaches a few hundred entries.
export type DeviceDef = { model: string; os: 'ios' | 'android'; brand: string; name: string };

const APPLE: [string, string][] = [
  ['iPhone11,2', 'iPhone XS'], ['iPhone11,4', 'iPhone XS Max'], ['iPhone11,6', 'iPhone XS Max'], ['iPhone11,8', 'iPhone XR'],
  ['iPhone12,1', 'iPhone 11'], ['iPhone12,3', 'iPhone 11 Pro'], ['iPhone12,5', 'iPhone 11 Pro Max'], ['iPhone12,8', 'iPhone SE (2nd generation)'],
  ['iPhone13,1', 'iPhone 12 mini'], ['iPhone13,2', 'iPhone 12'], ['iPhone13,3', 'iPhone 12 Pro'], ['iPhone13,4', 'iPhone 12 Pro Max'],
  ['iPhone14,4', 'iPhone 13 mini'], ['iPhone14,5', 'iPhone 13'], ['iPhone14,2', 'iPhone 13 Pro'], ['iPhone14,3', 'iPhone 13 Pro Max'],
  ['iPhone14,6', 'iPhone SE (3rd generation)'], ['iPhone14,7', 'iPhone 14'], ['iPhone14,8', 'iPhone 14 Plus'], ['iPhone15,2', 'iPhone 14 Pro'],
  ['iPhone15,3', 'iPhone 14 Pro Max'], ['iPhone15,4', 'iPhone 15'], ['iPhone15,5', 'iPhone 15 Plus'], ['iPhone16,1', 'iPhone 15 Pro'],
  ['iPhone16,2', 'iPhone 15 Pro Max'], ['iPhone17,3', 'iPhone 16'], ['iPhone17,4', 'iPhone 16 Plus'], ['iPhone17,1', 'iPhone 16 Pro'],
  ['iPhone17,2', 'iPhone 16 Pro Max'], ['iPhone17,5', 'iPhone 16e'], ['iPhone18,3', 'iPhone 17'], ['iPhone18,1', 'iPhone 17 Pro'],
  ['iPhone18,2', 'iPhone 17 Pro Max'], ['iPhone18,4', 'iPhone Air'],
  ['iPad7,12', 'iPad (7th generation)'], ['iPad11,7', 'iPad (8th generation)'], ['iPad12,2', 'iPad (9th generation)'], ['iPad13,19', 'iPad (10th generation)'],
  ['iPad11,4', 'iPad Air (3rd generation)'], ['iPad13,2', 'iPad Air (4th generation)'], ['iPad13,17', 'iPad Air (5th generation)'],
  ['iPad14,9', 'iPad Air 11-inch (M2)'], ['iPad14,11', 'iPad Air 13-inch (M2)'], ['iPad11,2', 'iPad mini (5th generation)'],
  ['iPad14,2', 'iPad mini (6th generation)'], ['iPad16,2', 'iPad mini (A17 Pro)'], ['iPad8,3', 'iPad Pro 11-inch'], ['iPad8,7', 'iPad Pro 12.9-inch (3rd generation)'],
  ['iPad8,10', 'iPad Pro 11-inch (2nd generation)'], ['iPad8,12', 'iPad Pro 12.9-inch (4th generation)'], ['iPad13,5 ', 'iPad Pro 11-inch (3rd generation)'],
  ['iPad13,10', 'iPad Pro 12.9-inch (5th generation)'], ['iPad14,4', 'iPad Pro 11-inch (4th generation)'], ['iPad14,6', 'iPad Pro 12.9-inch (6th generation)'],
  ['iPad16,4', 'iPad Pro 11-inch (M4)'], ['iPad16,6', 'iPad Pro 13-inch (M4)'],
];

const SAMSUNG: [string, string][] = [
  ['SM-G981', 'Galaxy S20'], ['SM-G986', 'Galaxy S20+'], ['SM-G988', 'Galaxy S20 Ultra'], ['SM-G781', 'Galaxy S20 FE'],
  ['SM-G991', 'Galaxy S21'], ['SM-G996', 'Galaxy S21+'], ['SM-G998', 'Galaxy S21 Ultra'], ['SM-G990', 'Galaxy S21 FE'],
  ['SM-S901', 'Galaxy S22'], ['SM-S906', 'Galaxy S22+'], ['SM-S908', 'Galaxy S22 Ultra'], ['SM-S911', 'Galaxy S23'],
  ['SM-S916', 'Galaxy S23+'], ['SM-S918', 'Galaxy S23 Ultra'], ['SM-S711', 'Galaxy S23 FE'], ['SM-S921', 'Galaxy S24'],
  ['SM-S926', 'Galaxy S24+'], ['SM-S928', 'Galaxy S24 Ultra'], ['SM-S721', 'Galaxy S24 FE'], ['SM-S931', 'Galaxy S25'],
  ['SM-S936', 'Galaxy S25+'], ['SM-S938', 'Galaxy S25 Ultra'], ['SM-S937', 'Galaxy S25 Edge'], ['SM-N981', 'Galaxy Note20'],
  ['SM-N986', 'Galaxy Note20 Ultra'], ['SM-F700', 'Galaxy Z Flip'], ['SM-F707', 'Galaxy Z Flip 5G'], ['SM-F711', 'Galaxy Z Flip3'],
  ['SM-F721', 'Galaxy Z Flip4'], ['SM-F731', 'Galaxy Z Flip5'], ['SM-F741', 'Galaxy Z Flip6'], ['SM-F766', 'Galaxy Z Flip7'],
  ['SM-F900', 'Galaxy Fold'], ['SM-F916', 'Galaxy Z Fold2'], ['SM-F926', 'Galaxy Z Fold3'], ['SM-F936', 'Galaxy Z Fold4'],
  ['SM-F946', 'Galaxy Z Fold5'], ['SM-F956', 'Galaxy Z Fold6'], ['SM-F966', 'Galaxy Z Fold7'], ['SM-A546', 'Galaxy A54 5G'],
  ['SM-A556', 'Galaxy A55 5G'], ['SM-A356', 'Galaxy A35 5G'], ['SM-A566', 'Galaxy A56 5G'], ['SM-A366', 'Galaxy A36 5G'],
];
const SAMSUNG_SUFFIXES = ['B', 'U', 'U1', 'W', 'N'];

const GOOGLE: [string, string][] = [
  ['G011A', 'Pixel 2'], ['G013A', 'Pixel 3'], ['G013C', 'Pixel 3 XL'], ['G020A', 'Pixel 3a'], ['G020C', 'Pixel 3a XL'],
  ['G020I', 'Pixel 4'], ['G020J', 'Pixel 4 XL'], ['G025J', 'Pixel 4a'], ['G025E', 'Pixel 4a (5G)'], ['GD1YQ', 'Pixel 5'],
  ['G1F8F', 'Pixel 5a'], ['GB7N6', 'Pixel 6'], ['GLUOG', 'Pixel 6 Pro'], ['GX7AS', 'Pixel 6a'], ['GVU6C', 'Pixel 7'],
  ['GE2AE', 'Pixel 7 Pro'], ['GWKK3', 'Pixel 7a'], ['G0DZQ', 'Pixel Fold'], ['GKWS6', 'Pixel 8'], ['GC3VE', 'Pixel 8 Pro'],
  ['G8HHN', 'Pixel 8a'], ['GUR25', 'Pixel 9'], ['GR83Y', 'Pixel 9 Pro'], ['GEC77', 'Pixel 9 Pro XL'], ['GGH2X', 'Pixel 9 Pro Fold'],
  ['GTF7P', 'Pixel 9a'], ['GUR8Z', 'Pixel 10'], ['GKV4X', 'Pixel 10 Pro'],
];
const GOOGLE_SUFFIXES = ['', '-JP', '-US'];

const OTHERS: [string, string, string][] = [
  ['Motorola', 'XT2000-2', 'Razr 2019'], ['Motorola', 'XT2071-4', 'Razr 5G'], ['Motorola', 'XT2251-1', 'Razr 2022'],
  ['Motorola', 'XT2321-1', 'Razr 40'], ['Motorola', 'XT2323-1', 'Razr 40 Ultra'], ['Motorola', 'XT2453-1', 'Razr 50'],
  ['Motorola', 'XT2451-1', 'Razr 50 Ultra'], ['Motorola', 'XT2143-1', 'Edge 20 Pro'], ['Motorola', 'XT2201-1', 'Edge 30 Pro'],
  ['Motorola', 'XT2301-4', 'Edge 40'], ['Motorola', 'XT2303-2', 'Edge 40 Neo'], ['Motorola', 'XT2405-1', 'Edge 50 Pro'],
  ['Motorola', 'XT2407-1', 'Edge 50 Fusion'], ['Motorola', 'XT2347-1', 'Moto G84'], ['Motorola', 'XT2363-1', 'Moto G54'],
  ['Xiaomi', '2203121C', 'Xiaomi 12 Pro'], ['Xiaomi', '22081212UG', 'Xiaomi 12T Pro'], ['Xiaomi', '2211133G', 'Xiaomi 13'],
  ['Xiaomi', '2210132G', 'Xiaomi 13 Pro'], ['Xiaomi', '2306EPN60G', 'Xiaomi 13T'], ['Xiaomi', '23078PND5G', 'Xiaomi 13T Pro'],
  ['Xiaomi', '23127PN0CG', 'Xiaomi 14'], ['Xiaomi', '24030PN60G', 'Xiaomi 14 Ultra'], ['Xiaomi', '2406APNFAG', 'Xiaomi 14T'],
  ['Xiaomi', '2407FPN8EG', 'Xiaomi 14T Pro'], ['Xiaomi', '25010PN30G', 'Xiaomi 15'], ['Xiaomi', '2412DPNB5G', 'Redmi Note 14 Pro 5G'],
  ['Xiaomi', '23090RA98G', 'Redmi Note 13 Pro+ 5G'],
  ['OPPO', 'CPH2173', 'Find X3 Pro'], ['OPPO', 'CPH2305', 'Find X5 Pro'], ['OPPO', 'CPH2307', 'Find X5'],
  ['OPPO', 'CPH2437', 'Find N2 Flip'], ['OPPO', 'CPH2499', 'Find N3'], ['OPPO', 'CPH2519', 'Find N3 Flip'],
  ['OPPO', 'CPH2581', 'Reno 11 Pro'], ['OPPO', 'CPH2629', 'Reno 12 Pro'], ['OPPO', 'CPH2655', 'Find X8'],
  ['Sony', 'XQ-BC72', 'Xperia 1 III'], ['Sony', 'XQ-BT52', 'Xperia 10 III'], ['Sony', 'XQ-CT72', 'Xperia 1 IV'],
  ['Sony', 'XQ-CC72', 'Xperia 10 IV'], ['Sony', 'XQ-CQ72', 'Xperia 5 IV'], ['Sony', 'XQ-DQ72', 'Xperia 1 V'],
  ['Sony', 'XQ-DC72', 'Xperia 10 V'], ['Sony', 'XQ-DE72', 'Xperia 5 V'], ['Sony', 'XQ-EC72', 'Xperia 1 VI'], ['Sony', 'XQ-ES72', 'Xperia 10 VI'],
  ['OnePlus', 'CPH2449', 'OnePlus 11'], ['OnePlus', 'CPH2581', 'OnePlus 12'], ['OnePlus', 'CPH2551', 'OnePlus Open'],
  ['OnePlus', 'CPH2653', 'OnePlus 13'], ['OnePlus', 'CPH2691', 'OnePlus 13R'],
  ['Huawei', 'ANA-NX9', 'P40'], ['Huawei', 'ELS-NX9', 'P40 Pro'], ['Huawei', 'NOH-NX9', 'Mate 40 Pro'],
  ['Honor', 'PGT-N19', 'Magic5 Pro'], ['Honor', 'BVL-N49', 'Magic6 Pro'], ['Honor', 'VER-N49', 'Magic V2'],
  ['Honor', 'FCP-N49', 'Magic V3'], ['Honor', 'BVL-AN20', 'Magic7 Pro'], ['Honor', 'CMA-LX2', '400 Pro'],
  ['Nokia', 'TA-1570', 'XR21'], ['Nokia', 'TA-1462', 'X30 5G'], ['Nokia', 'TA-1542', 'G60 5G'],
  ['Fairphone', 'FP4', 'Fairphone 4'], ['Fairphone', 'FP5', 'Fairphone 5'],
  ['vivo', 'V2145', 'X80 Pro'], ['vivo', 'V2227', 'X90 Pro'], ['vivo', 'V2309', 'X100 Pro'], ['vivo', 'V2415', 'X200 Pro'],
  ['Sharp', 'SH-53C', 'AQUOS sense7'], ['Sharp', 'A301SH', 'AQUOS sense8'], ['Sharp', 'SH-51E', 'AQUOS R9'],
  ['Nothing', 'A065', 'Phone (2)'], ['Nothing', 'A142', 'Phone (2a)'], ['Nothing', 'A059', 'Phone (3a)'],
  ['ASUS', 'ASUS_AI2302', 'Zenfone 10'], ['ASUS', 'ASUS_AI2401', 'ROG Phone 8'], ['ASUS', 'ASUS_AI2401_H', 'ROG Phone 8 Pro'],
  ['Rakuten', 'ZR01', 'Rakuten Hand'], ['Rakuten', 'P710', 'Rakuten Hand 5G'], ['Rakuten', 'C330', 'Rakuten Mini'],
  ['TCL', 'T810H', 'TCL 50 5G'], ['HAMMER', 'HAMMER Blade 5G', 'Blade 5G'], ['myPhone', 'NOW eSIM', 'NOW eSIM'],
  ['Realme', 'RMX3851', 'realme 12 Pro+'], ['Realme', 'RMX3800', 'GT 6'], ['Zte', 'A2024', 'nubia Flip 5G'],
];

export const DEVICES: readonly DeviceDef[] = [
  ...APPLE.map(([model, name]) => ({ model, os: 'ios' as const, brand: 'Apple', name })),
  ...SAMSUNG.flatMap(([model, name]) =>
    SAMSUNG_SUFFIXES.map((s) => ({ model: `${model}${s}`, os: 'android' as const, brand: 'Samsung', name })),
  ),
  ...GOOGLE.flatMap(([model, name]) =>
    GOOGLE_SUFFIXES.map((s) => ({ model: `${model}${s}`, os: 'android' as const, brand: 'Google', name })),
  ),
  ...OTHERS.map(([brand, model, name]) => ({ model, os: 'android' as const, brand, name })),
];
