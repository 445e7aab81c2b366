import { describe, expect, it } from 'vitest';
import { isDisplayRoute } from '../../../../renderer/src/route.ts';

describe('isDisplayRoute', () => {
  it('knows the browser-mode route and the Electron hash', () => {
    expect(isDisplayRoute({ pathname: '/display', hash: '' })).toBe(true);
    expect(isDisplayRoute({ pathname: '/index.html', hash: '#/display' })).toBe(true);
    expect(isDisplayRoute({ pathname: '/', hash: '' })).toBe(false);
    expect(isDisplayRoute({ pathname: '/displays', hash: '' })).toBe(false);
  });
});
