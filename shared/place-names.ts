/**
 * The names clerks and travellers give places, as data for the picker's index (places.ts): other
 * names of countries, words for regions, and the islands, regions and territories people name
 * instead of the country whose packages work there ("Bali" for Indonesia). A country's own name in
 * each screen language comes from Intl.DisplayNames, not from here.
 */

/**
 * Names clerks use for countries that the partner lists differently, by ISO code: English names,
 * the country's own name, abbreviations. Kept small: the fuzzy match covers spelling, and
 * Intl.DisplayNames the names in the screen languages.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: ['UK', 'Britain', 'Great Britain'],
  US: ['USA', 'America', 'United States of America', 'States'],
  NL: ['Holland', 'Netherlands', 'Nederland', 'Dutch'],
  AE: ['UAE', 'Emirates'],
  KR: ['Korea', 'South Korea'],
  KP: ['North Korea'],
  CZ: ['Czechia', 'Czech Republic'],
  TR: ['Turkey', 'Turkiye'],
  CI: ['Ivory Coast', "Cote d'Ivoire"],
  CD: ['DRC', 'Congo Kinshasa'],
  CG: ['Congo Brazzaville'],
  MK: ['Macedonia', 'North Macedonia'],
  MM: ['Burma', 'Myanmar'],
  SZ: ['Swaziland', 'Eswatini'],
  CV: ['Cape Verde', 'Cabo Verde'],
  TL: ['East Timor', 'Timor-Leste'],
  VA: ['Vatican', 'Holy See'],
  RU: ['Russia'],
  VN: ['Vietnam', 'Viet Nam'],
  LA: ['Laos'],
  IR: ['Iran'],
  SY: ['Syria'],
  BO: ['Bolivia'],
  VE: ['Venezuela'],
  TZ: ['Tanzania'],
  MD: ['Moldova'],
  TW: ['Taiwan'],
  HK: ['Hong Kong'],
  MO: ['Macau', 'Macao'],
  PS: ['Palestine'],
  DE: ['Deutschland'],
  ES: ['Espana'],
  IT: ['Italia'],
  PL: ['Polska'],
  GR: ['Hellas', 'Ellada'],
  BE: ['Belgie', 'Belgique'],
  SE: ['Sverige'],
  NO: ['Norge'],
  DK: ['Danmark'],
  FI: ['Suomi'],
  HR: ['Hrvatska'],
  IE: ['Eire'],
  BR: ['Brasil'],
  CH: ['Schweiz', 'Suisse', 'Svizzera'],
  AT: ['Osterreich', 'Oesterreich'],
  JP: ['Nippon', 'Nihon'],
};

/**
 * Words for a region that its name does not contain, found by a word of the partner's name for it:
 * abbreviations and other names, then its name in each screen language (de fr es it pt ja zh-CN ar).
 */
export const REGION_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\beurope\b/, 'EU | European Union | Schengen | Europa | Europe | ヨーロッパ | 欧州 | 欧洲 | أوروبا'],
  [/\basia\b/, 'Asia Pacific | APAC | Asien | Asie | Ásia | アジア | 亚洲 | آسيا'],
  [
    /\bmiddle east\b/,
    'MENA | Gulf | Naher Osten | Nahost | Moyen-Orient | Oriente Medio | Medio Oriente | Médio Oriente | Oriente Médio | 中東 | 中东 | الشرق الأوسط',
  ],
  [/^africa\b/, 'Afrika | Afrique | África | アフリカ | 非洲 | أفريقيا | إفريقيا'],
  [
    /\blatin america\b/,
    'South America | Central America | LATAM | Americas | Lateinamerika | Südamerika | Amérique latine | Amérique du Sud | América Latina | Latinoamérica | Sudamérica | América do Sul | Sudamerica | ラテンアメリカ | 中南米 | 南米 | 拉丁美洲 | 南美洲 | أمريكا اللاتينية | أمريكا الجنوبية',
  ],
  [
    /\bnorth america\b/,
    'Americas | Nordamerika | Amérique du Nord | América del Norte | Nord America | Nordamerica | América do Norte | 北米 | 北美 | 北美洲 | أمريكا الشمالية',
  ],
  [/\bcaribbean\b/, 'West Indies | Karibik | Caraïbes | Caribe | Caraibi | カリブ | カリブ海 | 加勒比 | الكاريبي'],
  [/\boceania\b/, 'Pacific | Australasia | Ozeanien | Océanie | Oceanía | Oceânia | オセアニア | 大洋洲 | أوقيانوسيا'],
];

export const WORLD_WORDS =
  'Global | World | Worldwide | International | Welt | Weltweit | Monde | Mondial | Mundo | Mundial | Mondo | Mondiale | 世界 | 世界中 | グローバル | 全球 | العالم | عالمي';

/**
 * Islands, regions, territories and a few resorts travellers name instead of the country, one a
 * line: "CODES: English name | other names": the country or countries whose packages work there
 * (ISO codes), the English name (shown when no other name is closer to what was typed), then
 * English variants and the names in the screen languages where they differ. A place with an ISO
 * code of its own (Puerto Rico, Réunion, French Polynesia) is a country of the list already.
 */
export const PLACES_WITHIN: readonly string[] = [
  // Spain
  'ES: Canary Islands | Canaries | Kanarische Inseln | Kanaren | Îles Canaries | Islas Canarias | Canarias | Isole Canarie | Canarie | Ilhas Canárias | Canárias | カナリア諸島 | 加那利群岛 | جزر الكناري',
  'ES: Tenerife | Teneriffa | Ténérife | テネリフェ島 | 特内里费岛 | تينيريفي',
  'ES: Gran Canaria | Grande Canarie | グラン・カナリア島 | 大加那利岛',
  'ES: Lanzarote | ランサローテ島 | 兰萨罗特岛',
  'ES: Fuerteventura | フエルテベントゥラ島 | 富埃特文图拉岛',
  'ES: Balearic Islands | Balearics | Balearen | Îles Baléares | Islas Baleares | Baleares | Isole Baleari | Baleari | Ilhas Baleares | バレアレス諸島 | 巴利阿里群岛 | جزر البليار',
  'ES: Mallorca | Majorca | Majorque | Maiorca | マヨルカ島 | 马略卡岛 | مايوركا | ميورقة',
  'ES: Menorca | Minorca | Minorque | メノルカ島 | 梅诺卡岛 | منورقة',
  'ES: Ibiza | Eivissa | イビサ島 | 伊维萨岛 | إيبيزا',
  'ES: Formentera | フォルメンテラ島 | 福门特拉岛',
  // Portugal
  'PT: Madeira | Madère | マデイラ諸島 | 马德拉群岛 | ماديرا',
  'PT: Azores | Açores | Azoren | Azzorre | アゾレス諸島 | 亚速尔群岛 | جزر الأزور',
  'PT: Algarve | アルガルヴェ | 阿尔加维',
  // United States
  'US: Hawaii | Hawaï | Hawái | Havaí | ハワイ | 夏威夷 | هاواي',
  'US: Maui | マウイ島 | 茂宜岛',
  'US: Oahu | Honolulu | オアフ島 | ホノルル | 瓦胡岛 | 檀香山',
  'US: Alaska | アラスカ | 阿拉斯加 | ألاسكا',
  // United Kingdom and the Channel Islands
  'GB: England | Angleterre | Inglaterra | Inghilterra | イングランド | 英格兰 | إنجلترا',
  'GB: Scotland | Schottland | Écosse | Escocia | Scozia | Escócia | スコットランド | 苏格兰 | اسكتلندا',
  'GB: Wales | Pays de Galles | Gales | País de Gales | Galles | ウェールズ | 威尔士 | ويلز',
  'GB: Northern Ireland | Nordirland | Irlande du Nord | Irlanda del Norte | Irlanda del Nord | Irlanda do Norte | 北アイルランド | 北爱尔兰 | أيرلندا الشمالية',
  'JE GG: Channel Islands | Kanalinseln | Îles Anglo-Normandes | Islas del Canal | Isole del Canale | Ilhas do Canal | チャンネル諸島 | 海峡群岛',
  // France, Italy, Malta, Greece
  'FR: Corsica | Korsika | Corse | Córcega | Córsega | コルシカ島 | 科西嘉岛 | كورسيكا',
  'IT: Sicily | Sizilien | Sicile | Sicilia | Sicília | シチリア島 | 西西里岛 | صقلية',
  'IT: Sardinia | Sardinien | Sardaigne | Cerdeña | Sardegna | Sardenha | サルデーニャ島 | 撒丁岛 | سردينيا',
  'IT: Capri | カプリ島 | 卡普里岛',
  'MT: Gozo | ゴゾ島 | 戈佐岛',
  'GR: Crete | Kreta | Crète | Creta | クレタ島 | 克里特岛 | كريت',
  'GR: Santorini | Santorin | Thira | サントリーニ島 | 圣托里尼岛 | سانتوريني',
  'GR: Mykonos | Míkonos | ミコノス島 | 米科诺斯岛 | ميكونوس',
  'GR: Rhodes | Rhodos | Rodas | Rodi | ロードス島 | 罗得岛 | رودس',
  'GR: Corfu | Korfu | Corfou | Corfú | Kerkyra | ケルキラ島 | 科孚岛',
  'GR: Kos | コス島 | 科斯岛',
  'GR: Zakynthos | Zante | Zakinthos | ザキントス島 | 扎金索斯岛',
  // Türkiye, the Middle East, Africa
  'TR: Cappadocia | Kappadokien | Cappadoce | Capadocia | Capadócia | カッパドキア | 卡帕多奇亚 | كابادوكيا',
  'AE: Dubai | Dubaï | Dubái | ドバイ | 迪拜 | دبي',
  'AE: Abu Dhabi | Abou Dabi | Abu Dabi | アブダビ | 阿布扎比 | أبو ظبي',
  'SA: Mecca | Makkah | Mekka | La Mecque | La Meca | La Mecca | Meca | メッカ | 麦加 | مكة | مكة المكرمة',
  'SA: Medina | Madinah | Médine | メディナ | 麦地那 | المدينة المنورة',
  'EG: Sharm El Sheikh | Sharm | シャルム・エル・シェイク | 沙姆沙伊赫 | شرم الشيخ',
  'EG: Hurghada | ハルガダ | 赫尔格达 | الغردقة',
  'TZ: Zanzibar | Sansibar | Zanzíbar | ザンジバル | 桑给巴尔 | زنجبار',
  // South-East Asia
  'ID: Bali | バリ島 | 巴厘岛 | بالي',
  'ID: Lombok | ロンボク島 | 龙目岛 | لومبوك',
  'ID: Gili Islands | Gili | ギリ諸島 | 吉利群岛',
  'ID: Java | Jawa | Giava | ジャワ島 | 爪哇岛 | جاوة',
  'ID: Sumatra | Sumatera | スマトラ島 | 苏门答腊岛 | سومطرة',
  'ID: Sulawesi | Celebes | スラウェシ島 | 苏拉威西岛',
  'ID MY BN: Borneo | Bornéo | Bornéu | ボルネオ島 | 婆罗洲 | بورنيو',
  'MY: Langkawi | ランカウイ島 | 兰卡威',
  'MY: Penang | Pulau Pinang | ペナン島 | 槟城',
  'MY: Sabah | サバ州 | 沙巴',
  'TH: Phuket | プーケット | 普吉岛 | بوكيت',
  'TH: Koh Samui | Ko Samui | Samui | サムイ島 | 苏梅岛 | كوه ساموي',
  'TH: Koh Phangan | Ko Pha Ngan | Phangan | パンガン島 | 帕岸岛',
  'TH: Krabi | クラビ | 甲米',
  'TH: Phi Phi Islands | Koh Phi Phi | ピピ島 | 皮皮岛',
  'PH: Boracay | ボラカイ島 | 长滩岛 | بوراكاي',
  'PH: Palawan | El Nido | パラワン島 | 巴拉望岛',
  'PH: Cebu | Mactan | セブ島 | 宿务',
  'PH: Siargao | シアルガオ島 | 锡亚高岛',
  'VN: Phu Quoc | フーコック島 | 富国岛',
  'VN: Ha Long Bay | Halong | Baie d’Along | ハロン湾 | 下龙湾',
  // East and South Asia
  'JP: Okinawa | Ryukyu | 沖縄 | 冲绳 | أوكيناوا',
  'JP: Hokkaido | 北海道 | هوكايدو',
  'JP: Kyushu | 九州',
  'KR: Jeju | Jeju-do | Cheju | 済州島 | チェジュ島 | 济州岛 | جيجو',
  'CN: Hainan | 海南島 | 海南岛',
  'IN: Goa | ゴア | 果阿',
  'IN: Kerala | ケーララ | 喀拉拉',
  'IN: Andaman Islands | Andaman | アンダマン諸島 | 安达曼群岛',
  // Oceania
  'AU: Tasmania | Tasmanien | Tasmanie | Tasmânia | タスマニア | 塔斯马尼亚 | تسمانيا',
  'PF: Tahiti | タヒチ | 塔希提岛 | تاهيتي',
  'PF: Bora Bora | ボラボラ島 | 波拉波拉岛 | بورا بورا',
  'PF: Moorea | Mooréa | モーレア島 | 茉莉雅岛',
  // The Americas and the Caribbean
  'EC: Galápagos Islands | Galápagos | Galapagosinseln | Îles Galápagos | Islas Galápagos | Isole Galápagos | Ilhas Galápagos | ガラパゴス諸島 | 加拉帕戈斯群岛 | جزر غالاباغوس',
  'AR CL: Patagonia | Patagonien | Patagonie | Patagônia | パタゴニア | 巴塔哥尼亚 | باتاغونيا',
  'AR CL: Tierra del Fuego | Feuerland | Terre de Feu | Terra del Fuoco | Terra do Fogo | ティエラ・デル・フエゴ | 火地岛',
  'CL: Easter Island | Rapa Nui | Osterinsel | Île de Pâques | Isla de Pascua | Isola di Pasqua | Ilha de Páscoa | イースター島 | 复活节岛 | جزيرة القيامة',
  'MX: Cancún | カンクン | 坎昆',
  'MX: Riviera Maya | Tulum | Playa del Carmen | リビエラ・マヤ | 玛雅海岸',
  'MX: Yucatán | ユカタン | 尤卡坦',
  'MX: Baja California | Los Cabos | Cabo San Lucas | バハ・カリフォルニア | 下加利福尼亚',
  'DO: Punta Cana | プンタ・カナ | 蓬塔卡纳',
  'TT: Tobago | トバゴ島 | 多巴哥',
  'KN: Nevis | ネイビス島 | 尼维斯',
  'AG: Barbuda | バーブーダ島 | 巴布达',
  'BQ: Bonaire | Saba | Sint Eustatius | ボネール島 | 博奈尔',
  'VC: Grenadines | Grenadinen | Granadinas | Grenadine | グレナディーン諸島 | 格林纳丁斯',
];
