/**
 * A country's flag, drawn from the SVG files of country-flag-icons (MIT), or a globe for a region
 * or the world. Emoji flags show as empty boxes or two letters where no emoji font is installed
 * (most Windows counters). Each flag is its own small file, fetched when a row shows it; the
 * renderer's JavaScript holds only their addresses. Decorative: the place's name stands beside it.
 */
const FLAG_FILES = import.meta.glob<string>('../../../node_modules/country-flag-icons/3x2/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const FLAGS = new Map(
  Object.entries(FLAG_FILES).map(([file, url]) => [/([A-Z]{2}(?:-[A-Z]+)?)\.svg$/.exec(file)?.[1] ?? file, url]),
);

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20">${body}</svg>`)}`;

/** A globe in the flags' 3:2 box: a region or the whole world. */
export const GLOBE = svg(
  '<g fill="none" stroke="#0b6bcb" stroke-width="1.3"><circle cx="15" cy="10" r="8.6"/>' +
    '<ellipse cx="15" cy="10" rx="3.8" ry="8.6"/><path d="M6.4 10h17.2M8 5.6h14M8 14.4h14M15 1.4v17.2"/></g>',
);

/** A country with no flag among the files: a plain grey field rather than a wrong flag. */
export const NO_FLAG = svg('<rect x="0.5" y="0.5" width="29" height="19" fill="#e8ecf2" stroke="#c3cad6"/>');

/** The picture for a place's code: its flag, the globe for a region's id ("europe", "world"). */
export function flagSource(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return GLOBE;
  return FLAGS.get(code.toUpperCase()) ?? NO_FLAG;
}

export function Flag({ code }: { code: string }) {
  const src = flagSource(code);
  const className = src === GLOBE ? 'flag-image globe' : 'flag-image';
  return <img className={className} src={src} alt="" width={27} height={18} loading="lazy" decoding="async" />;
}
