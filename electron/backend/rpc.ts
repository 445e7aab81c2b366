/**
 * The one dispatcher every transport goes through (Electron IPC and browser-mode HTTP alike):
 * method name → session and role check → text check and schema parse → handler → Result. Nothing
 * a caller sends can make it throw; every failure comes back as data with a code from the closed
 * set. Text the journal cannot keep is refused here, for every method, before its handler runs.
 * The role comes before the input so a caller without the right learns nothing about a method's
 * input (bad_input would tell them what it expects), and every such attempt is recorded, garbage
 * or not.
 */
import {
  methods,
  isMethodName,
  type Caller,
  type MethodName,
  type ParsedInputOf,
  type OutputOf,
  type Role,
} from '../../shared/contract.ts';
import { AppFailure, fail, ok, type AppError, type ErrorCode, type Result } from '../../shared/errors.ts';
import { expectedFailure } from './common/failures.ts';
import { badInput, unstorableTextFields } from './common/bad-input.ts';

import type { StaffSession } from './staff/sessions.ts';

export type { StaffSession };

/** What the dispatcher needs to know about who is calling. */
export type SessionGate = {
  /** The signed-in staff member, or null. Also reports idle lock as null. */
  current(): StaffSession | null;
  /** Marks activity, for the idle lock. */
  touch(): void;
};

export type CallContext = { readonly session: StaffSession | null };

export type Handlers = {
  [M in MethodName]: (input: ParsedInputOf<M>, ctx: CallContext) => OutputOf<M> | Promise<OutputOf<M>>;
};

/**
 * The handlers of the contract's areas a domain answers (`sales.*`, or `staff.*` and `session.*`):
 * what the domain folder's handlers.ts gives, its method names read from the contract, never re-typed.
 */
export type AreaHandlers<Area extends string> = Pick<Handlers, Extract<MethodName, `${Area}.${string}`>>;

export type DispatchDeps = {
  readonly handlers: Handlers;
  readonly sessions: SessionGate;
  /** Records refused calls (the audit log); must not throw. */
  readonly onRefused?: (entry: { method: string; code: ErrorCode; session: StaffSession | null }) => void;
  readonly log?: (message: string, error: unknown) => void;
  /** Told of every failure a service let through that failures.ts words (a full disk, a network down). */
  readonly onExpectedFailure?: (method: MethodName, cause: unknown, error: AppError) => void;
};

/** `caller` is the window's kind as its transport proves it (its key, its IPC sender); the counter's by default. */
export type Dispatch = (method: string, input: unknown, caller?: Caller) => Promise<Result<unknown>>;

const ROLE_RANK: Record<Role, number> = { public: 0, display: 0, clerk: 1, manager: 2 };

export function createDispatcher(deps: DispatchDeps): Dispatch {
  return async (method, rawInput, caller = 'counter') => {
    if (!isMethodName(method)) {
      return fail('unknown_method', `There is no method called "${String(method).slice(0, 80)}".`);
    }
    const spec = methods[method];
    const session = deps.sessions.current();
    // The customer faces the display: whoever is signed in at the counter, it reads what to show.
    if (caller === 'display' && spec.role !== 'display') {
      deps.onRefused?.({ method, code: 'forbidden', session: null });
      return fail('forbidden', 'The customer display cannot do this.', { reason: 'display_cannot' });
    }
    if (spec.role !== 'public' && spec.role !== 'display') {
      if (!session) {
        deps.onRefused?.({ method, code: 'signed_out', session });
        return fail('signed_out', 'Sign in with your PIN first.');
      }
      if (ROLE_RANK[session.role] < ROLE_RANK[spec.role]) {
        deps.onRefused?.({ method, code: 'forbidden', session });
        return fail('forbidden', 'Only a store manager can do this.', { reason: 'manager_only' });
      }
    }
    const input = rawInput ?? {};
    const unstorable = unstorableTextFields(input);
    const parsed = spec.input.safeParse(input);
    if (!parsed.success || unstorable.length > 0) return badInput(parsed.error, input, unstorable);
    if (ROLE_RANK[spec.role] > 0 && !spec.passive) deps.sessions.touch();
    try {
      const handler = deps.handlers[method] as (input: unknown, ctx: CallContext) => unknown;
      return ok(await handler(parsed.data, { session }));
    } catch (error) {
      if (error instanceof AppFailure) return { ok: false, error: error.error };
      const expected = expectedFailure(error);
      if (expected) {
        deps.onExpectedFailure?.(method, error, expected);
        return { ok: false, error: expected };
      }
      deps.log?.(`${method} failed`, error);
      return fail('internal', 'Something went wrong inside the app. The details are in the log.');
    }
  };
}
