/**
 * The application menu. View → Customer display opens (or brings back) the customer's window from
 * the main process, independently of the contract; developer tools only in an unpackaged build.
 */
import type { MenuItemConstructorOptions } from 'electron';

export type MenuActions = {
  readonly openCustomerDisplay: () => void;
  readonly closeCustomerDisplay: () => void;
  readonly showDataFolder: () => void;
};

export type MenuOptions = {
  readonly platform: NodeJS.Platform;
  readonly isPackaged: boolean;
  readonly appName: string;
};

export function applicationMenuTemplate(actions: MenuActions, options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: options.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push({ label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit', label: 'Quit' }] });
  // Copy and paste must work in text fields (customer e-mail, ICCID), which on macOS needs these roles.
  template.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  });
  const view: MenuItemConstructorOptions[] = [
    {
      id: 'customer-display',
      label: 'Customer display',
      accelerator: 'CmdOrCtrl+Shift+D',
      click: () => actions.openCustomerDisplay(),
    },
    { id: 'customer-display-close', label: 'Close customer display', click: () => actions.closeCustomerDisplay() },
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (!options.isPackaged) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
  template.push({ label: 'View', submenu: view });
  template.push({
    label: 'Window',
    submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  });
  template.push({
    role: 'help',
    submenu: [{ id: 'data-folder', label: 'Show the data folder', click: () => actions.showDataFolder() }],
  });
  return template;
}
