import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from '../../../../electron/shell/electron-types.ts';
import { applicationMenuTemplate } from '../../../../electron/shell/menu.ts';

function find(items: MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const found = Array.isArray(item.submenu) ? find(item.submenu, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((item) => [...(item.role ? [item.role] : []), ...(Array.isArray(item.submenu) ? roles(item.submenu) : [])]);

describe('application menu', () => {
  it('opens the customer display from View → Customer display', () => {
    const actions = { openCustomerDisplay: vi.fn(), closeCustomerDisplay: vi.fn(), showDataFolder: vi.fn() };
    const template = applicationMenuTemplate(actions, { platform: 'linux', isPackaged: true, appName: 'eSIM Counter' });
    const view = template.find((item) => item.label === 'View')!;
    const item = find(view.submenu as MenuItemConstructorOptions[], 'customer-display')!;
    expect(item.label).toBe('Customer display');
    expect(item.accelerator).toBe('CmdOrCtrl+Shift+D');
    (item.click as () => void)();
    expect(actions.openCustomerDisplay).toHaveBeenCalledOnce();
    (find(template, 'data-folder')!.click as () => void)();
    expect(actions.showDataFolder).toHaveBeenCalledOnce();
  });

  it('keeps developer tools and reload out of a packaged build, and has the macOS app menu only on macOS', () => {
    const actions = { openCustomerDisplay: vi.fn(), closeCustomerDisplay: vi.fn(), showDataFolder: vi.fn() };
    const packaged = applicationMenuTemplate(actions, { platform: 'win32', isPackaged: true, appName: 'eSIM Counter' });
    expect(roles(packaged)).not.toContain('toggleDevTools');
    expect(roles(packaged)).not.toContain('reload');
    expect(roles(packaged)).toEqual(expect.arrayContaining(['quit', 'copy', 'paste']));
    expect(roles(applicationMenuTemplate(actions, { platform: 'linux', isPackaged: false, appName: 'x' }))).toContain(
      'toggleDevTools',
    );
    expect(applicationMenuTemplate(actions, { platform: 'darwin', isPackaged: true, appName: 'eSIM Counter' })[0]!.label).toBe(
      'eSIM Counter',
    );
  });
});
