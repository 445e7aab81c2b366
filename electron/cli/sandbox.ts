// npm run sandbox -- --port <p> --client-id <id> --client-secret <secret> [--state <file>] [--seed <n>]
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_SEED, startSandbox } from '../sandbox/server.ts';
import { parseCliArgs, parsePort } from './args.ts';

const values = parseCliArgs({
  command: 'npm run sandbox --',
  about:
    'The partner service’s stand-in on its own: the Partner API v2 with a catalogue, orders and faults, for trying a client against.',
  options: {
    port: { type: 'string', value: 'p', help: 'the port it listens on, on 127.0.0.1 (default 4010)' },
    'client-id': { type: 'string', value: 'id', help: `the client id it accepts (default ${DEFAULT_CLIENT_ID})` },
    'client-secret': { type: 'string', value: 'secret', help: 'the client secret it accepts (default: the Demo’s)' },
    state: { type: 'string', value: 'file', help: 'an SQLite file that keeps its orders between starts (default: in memory)' },
    seed: { type: 'string', value: 'n', help: `the seed its catalogue is made from (default ${DEFAULT_SEED})` },
    'token-rate-limit': { type: 'string', value: 'n', help: 'access tokens it issues a minute' },
    'discount-percentage': {
      type: 'string',
      value: 'n',
      help: 'an account on discount pricing: no net prices, this discount on each order',
    },
  },
  notes: 'It prints its address, the partner and control APIs, and the credentials; Ctrl-C stops it.',
});

const port = parsePort(values.port, 4010);
const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
if (!Number.isInteger(seed)) {
  console.error(`--seed must be a whole number, not "${String(values.seed)}".`);
  process.exit(2);
}
const text = (name: string): string | undefined => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
const [state, tokenRate, discount] = [text('state'), text('token-rate-limit'), text('discount-percentage')];

const sandbox = await startSandbox({
  port,
  clientId: text('client-id') ?? DEFAULT_CLIENT_ID,
  clientSecret: text('client-secret') ?? DEFAULT_CLIENT_SECRET,
  statePath: state,
  seed,
  tokenRateLimitPerMinute: tokenRate ? Number(tokenRate) : undefined,
  discountPercentage: discount ? Number(discount) : undefined,
});

console.log(sandbox.url);
console.log(`partner API: ${sandbox.url}/v2  control API: ${sandbox.url}/__sandbox`);
console.log(`client_id: ${sandbox.clientId}  client_secret: ${sandbox.clientSecret}`);
console.log(state ? `state: ${state}` : 'state: in memory');

const shutdown = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
