// npm run sandbox -- --port <p> --client-id <id> --client-secret <secret> [--state <file>] [--seed <n>]
import { parseArgs } from 'node:util';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_SEED, startSandbox } from '../sandbox/server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    'client-id': { type: 'string', default: DEFAULT_CLIENT_ID },
    'client-secret': { type: 'string', default: DEFAULT_CLIENT_SECRET },
    state: { type: 'string' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    'token-rate-limit': { type: 'string' },
    'discount-percentage': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run sandbox -- [--port 4010] [--client-id id] [--client-secret secret] [--state file.sqlite] [--seed n] [--token-rate-limit 5] [--discount-percentage 10]',
  );
  process.exit(0);
}

const port = Number(values.port);
const seed = Number(values.seed);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got ${values.port}`);
if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);

const sandbox = await startSandbox({
  port,
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  statePath: values.state,
  seed,
  tokenRateLimitPerMinute: values['token-rate-limit'] ? Number(values['token-rate-limit']) : undefined,
  discountPercentage: values['discount-percentage'] ? Number(values['discount-percentage']) : undefined,
});

console.log(sandbox.url);
console.log(`partner API: ${sandbox.url}/v2  control API: ${sandbox.url}/__sandbox`);
console.log(`client_id: ${sandbox.clientId}  client_secret: ${sandbox.clientSecret}`);
console.log(values.state ? `state: ${values.state}` : 'state: in memory');

const shutdown = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
