/**
 * The update feed's signing: `npm run sign-update -- --new-key <private.pem>` makes the vendor's
 * Ed25519 key pair once (the public half goes to build/update-key.pem, which every installer ships);
 * `npm run sign-update -- --key <private.pem> --dir release` writes `<installer>.sig` beside each
 * installer, the base64 signature of its bytes that the desktop app checks before it keeps a
 * download (electron/shell/update-policy.ts). The private half never belongs in the repository or on
 * a build machine's disk for longer than a signing: the desktop workflow takes it from a secret.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseCliArgs } from '../electron/cli/args.ts';
import { signedByVendor } from '../electron/shell/update-policy.ts';

const root = path.resolve(import.meta.dirname, '..');
const INSTALLER = /\.(exe|dmg|zip|AppImage|deb)$/;

const args = parseCliArgs({
  command: 'npm run sign-update --',
  about: 'Makes the key that signs the desktop app’s updates, or signs installers with it.',
  options: {
    'new-key': { type: 'string', value: 'file', help: 'make a new key pair: the private half to this file' },
    key: { type: 'string', value: 'file', help: 'the private key to sign with (else $UPDATE_SIGNING_KEY, the key itself)' },
    file: { type: 'string', value: 'installer', help: 'sign this installer' },
    dir: { type: 'string', value: 'folder', help: 'sign every installer in this folder (.exe .dmg .zip .AppImage .deb)' },
    public: { type: 'string', value: 'file', help: 'where the public half is (default build/update-key.pem)' },
  },
  notes:
    'Each signature is checked against the public half before it is written, as the app will check it.\n' +
    'Keep the private half off the repository; the desktop workflow reads it from the UPDATE_SIGNING_KEY secret.',
});

function stop(words: string): never {
  console.error(words);
  process.exit(2);
}
const publicFile = path.resolve(typeof args.public === 'string' ? args.public : path.join(root, 'build', 'update-key.pem'));

if (typeof args['new-key'] === 'string') {
  const privateFile = path.resolve(args['new-key']);
  // A second key would orphan every counter that trusts the first: never overwrite either half.
  for (const file of [privateFile, publicFile]) {
    if (fs.existsSync(file)) stop(`${file} exists already; a new key would lock out every counter that trusts the old one.`);
  }
  const pair = crypto.generateKeyPairSync('ed25519');
  fs.mkdirSync(path.dirname(privateFile), { recursive: true, mode: 0o700 });
  fs.writeFileSync(privateFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  fs.mkdirSync(path.dirname(publicFile), { recursive: true });
  fs.writeFileSync(publicFile, pair.publicKey.export({ type: 'spki', format: 'pem' }));
  console.log(`private key: ${privateFile} (keep it secret and backed up; never commit it)`);
  console.log(`public key:  ${publicFile} (commit it: every installer ships it)`);
  process.exit(0);
}

const keyText =
  typeof args.key === 'string'
    ? fs.existsSync(args.key)
      ? fs.readFileSync(args.key, 'utf8')
      : stop(`No key file at ${args.key}.`)
    : (process.env.UPDATE_SIGNING_KEY ?? stop('Say which key signs: --key <private.pem>, or UPDATE_SIGNING_KEY.'));
let key: crypto.KeyObject;
try {
  key = crypto.createPrivateKey(keyText);
} catch {
  stop('The signing key is not a private key in PEM form (make one with --new-key).');
}
if (!fs.existsSync(publicFile)) stop(`No public key at ${publicFile}: the signatures could not be checked.`);
const publicKey = fs.readFileSync(publicFile, 'utf8');

const installers =
  typeof args.file === 'string'
    ? [args.file]
    : typeof args.dir === 'string'
      ? fs
          .readdirSync(args.dir)
          .filter((name) => INSTALLER.test(name))
          .map((name) => path.join(args.dir as string, name))
      : stop('Say what to sign: --file <installer> or --dir <folder>.');
if (installers.length === 0) stop(`No installer in ${String(args.dir)}.`);

for (const installer of installers) {
  if (!fs.existsSync(installer)) stop(`No installer at ${installer}.`);
  const signature = crypto.sign(null, fs.readFileSync(installer), key).toString('base64');
  if (!signedByVendor(installer, signature, publicKey)) {
    stop(`The key does not match ${publicFile}: a counter would refuse ${path.basename(installer)}. Nothing was signed.`);
  }
  fs.writeFileSync(`${installer}.sig`, signature);
  console.log(`${installer}.sig`);
}
