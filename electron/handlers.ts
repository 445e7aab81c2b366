/**
 * The contract methods, each mapped onto its service. Services speak their own result types; this
 * is where those become contract values or AppFailures with codes from the closed set.
 */
import type { AppInfo, SessionView } from '../shared/contract.ts';
import type { ErrorCode } from '../shared/errors.ts';
import { AppFailure, type Handlers } from './rpc.ts';
import type { CatalogService } from './services/catalog.ts';
import type { SalesService } from './services/sales.ts';
import { listSales } from './db/sales.ts';
import type { Journal } from './db/open.ts';
import { verifyChain } from './db/audit.ts';
import type { SessionHolder } from './services/sessions.ts';
import type { SignInErrorCode, StaffService } from './services/staff.ts';

export type HandlerServices = {
  readonly info: AppInfo;
  readonly staff: StaffService;
  readonly sessions: SessionHolder;
  readonly catalog: CatalogService;
  readonly sales: SalesService;
  readonly db: Journal;
};

const SIGN_IN_CODES: Record<SignInErrorCode, ErrorCode> = {
  bad_pin: 'wrong_pin',
  locked: 'locked',
  not_found: 'not_found',
  inactive: 'forbidden',
};

export function createHandlers({ info, staff, sessions, catalog, sales, db }: HandlerServices): Handlers {
  const view = (): SessionView => {
    const state = sessions.state();
    if (state.status === 'signed_out') return { status: 'signed_out' };
    if (state.status === 'locked') return { status: 'locked', staffId: state.staffId, name: state.name };
    const { session } = state;
    return { status: 'active', staffId: session.staffId, name: session.name, role: session.role, idleLockInMs: state.idleLockInMs };
  };

  return {
    'app.info': () => info,
    'staff.list': () => staff.list().map(({ id, name, role }) => ({ id, name, role })),
    'session.current': view,
    'session.signIn': async ({ staffId, pin }) => {
      const result = await sessions.signIn(staffId, pin);
      if (!result.ok) throw new AppFailure(SIGN_IN_CODES[result.error.code], result.error.message);
      return view();
    },
    'session.signOut': () => {
      sessions.signOut();
      return view();
    },
    'session.lock': () => {
      sessions.lock();
      return view();
    },
    'catalog.countries': (input) => catalog.countries(input.query),
    'catalog.packages': (input) => catalog.packages(input),
    'sales.create': (input, { session }) => sales.create(input, session!),
    'sales.get': ({ id }, { session }) => sales.view(id, session),
    'sales.retry': ({ id }, { session }) => sales.retry(id, session!),
    'sales.list': (query, { session }) => listSales(db, query).map((row) => sales.view(row.id, session)),
    'sales.pending': () => sales.reconcileAtStart(),
    'audit.verify': () => verifyChain(db),
  };
}
