import os from 'node:os';
import path from 'node:path';

export const APP_NAME = 'eSIM Counter';

/**
 * The per-user data folder, the same one Electron's app.getPath('userData') gives, so the desktop
 * app and browser mode share one journal.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_NAME);
}
