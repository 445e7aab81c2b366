/**
 * Signs an installer for the update feed: `node scripts/sign-update.ts <installer> <key.pem>`
 * writes `<installer>.sig`, the base64 Ed25519 signature of its bytes that the desktop app checks
 * (electron/shell/update-policy.ts) with the public key it ships (build/update-key.pem). Make a key
 * pair once with `openssl genpkey -algorithm ed25519 -out update-signing.pem` and
 * `openssl pkey -in update-signing.pem -pubout -out build/update-key.pem`; keep the private half
 * off the build machine's disk.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';

const [installer, keyFile] = process.argv.slice(2);
if (!installer || !keyFile) {
  console.error('usage: node scripts/sign-update.ts <installer> <private-key.pem>');
  process.exit(2);
}
const signature = crypto.sign(null, fs.readFileSync(installer), crypto.createPrivateKey(fs.readFileSync(keyFile)));
fs.writeFileSync(`${installer}.sig`, signature.toString('base64'));
console.log(`${installer}.sig`);
