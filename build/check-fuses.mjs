// Reads the fuses of a packaged app and fails unless they are as electron-builder.yml sets them
// (security checklist item 19). Used by the desktop workflow:
//   node build/check-fuses.mjs "release/win-unpacked/eSIM Counter.exe"
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses');

const expected = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false,
};

const app = process.argv[2];
if (!app) {
  console.error('usage: node build/check-fuses.mjs <path to the packaged executable or .app>');
  process.exit(2);
}
const wire = await getCurrentFuseWire(app);
// FuseState: 48 ('0') disabled, 49 ('1') enabled, 114 ('r') removed, 144 inherit.
let failed = 0;
for (const [name, enabled] of Object.entries(expected)) {
  const state = wire[FuseV1Options[name]];
  const actual = state === 49 ? true : state === 48 ? false : `unknown (${JSON.stringify(state)})`;
  const ok = actual === enabled;
  if (!ok) failed++;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${name}: ${actual === true ? 'enabled' : actual === false ? 'disabled' : actual} (want ${enabled ? 'enabled' : 'disabled'})`,
  );
}
process.exit(failed === 0 ? 0 : 1);
