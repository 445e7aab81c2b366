// A PartnerClient double for unit tests: each call is answered by `answer` and recorded.
import type { PartnerClient } from '../../../../electron/backend/partner/client.ts';
import { OrderHold } from '../../../../electron/backend/partner/order-hold.ts';
import { Reachability } from '../../../../electron/backend/partner/reachability.ts';

export type Call = { method: string; path: string; headers?: Readonly<Record<string, string>> };

export function fakePartner(answer: (req: Call) => unknown): PartnerClient & { calls: Call[] } {
  const calls: Call[] = [];
  const call: PartnerClient['call'] = async (req) => {
    const recorded: Call = { method: req.method, path: req.path, headers: req.headers };
    calls.push(recorded);
    return req.schema.parse(await answer(recorded));
  };
  // Reachability is the real one, fed by nothing: a double that answers is always "there".
  const reachability = new Reachability({ probe: async () => true });
  return { calls, tokens: {} as PartnerClient['tokens'], reachability, orderHold: new OrderHold(), orderTimeoutMs: 45_000, call };
}
