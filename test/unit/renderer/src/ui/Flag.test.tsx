import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Flag, flagSource, GLOBE, NO_FLAG } from '../../../../../renderer/src/ui/Flag.tsx';
import { COUNTRIES } from '../../../../../electron/sandbox/data/countries.ts';

describe('the flag of a place', () => {
  it('is the country’s SVG file, whatever the case of its code', () => {
    expect(flagSource('JP')).toMatch(/country-flag-icons\/3x2\/JP\.svg(\?no-inline)?$/);
    expect(flagSource('es')).toBe(flagSource('ES'));
    expect(flagSource('ES')).not.toBe(flagSource('PT'));
  });

  it('is there for every country the catalogue sells', () => {
    expect(COUNTRIES.filter((c) => /^data:/.test(flagSource(c.code))).map((c) => c.code)).toEqual([]);
  });

  it('is a drawn globe for a region or the world, never an emoji', () => {
    expect(flagSource('europe')).toBe(GLOBE);
    expect(flagSource('world')).toBe(GLOBE);
    expect(decodeURIComponent(GLOBE)).toMatch(/^data:image\/svg\+xml,<svg [^>]*>.*<circle /);
    expect(flagSource('ZZ')).toBe(NO_FLAG);
  });

  it('is a decorative image: empty alt, no emoji, a fixed box', () => {
    const markup = renderToStaticMarkup(<Flag code="ID" />);
    expect(markup).toMatch(
      /^<img class="flag-image" src="[^"]+ID\.svg(\?no-inline)?" alt="" width="27" height="18" loading="lazy" decoding="async"\/>$/,
    );
    expect(renderToStaticMarkup(<Flag code="world" />)).toContain('alt=""');
    expect(markup).not.toMatch(/\p{Extended_Pictographic}|\p{Regional_Indicator}/u);
  });
});
