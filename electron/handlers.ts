/**
 * The contract methods, each mapped onto its service. Services speak their own result types; this
 * is where those become contract values or AppFailures with codes from the closed set.
 */
import { multiplyMoney } from '../shared/money.ts';
import type { AppInfo, CredentialsView, SessionView } from '../shared/contract.ts';
import type { AppError, ErrorCode, LockScope } from '../shared/errors.ts';
import { AppFailure } from '../shared/errors.ts';
import { type Handlers } from './rpc.ts';
import type { CatalogService } from './services/catalog.ts';
import type { SalesService } from './services/sales.ts';
import type { DisplayService } from './services/display.ts';
import type { TopupsService } from './services/topups.ts';
import type { VoucherService } from './services/vouchers.ts';
import type { EsimDeliveryService } from './services/delivery.ts';
import type { ProductSheetService } from './services/product-sheets.ts';
import type { UsageService } from './services/usage.ts';
import type { DeviceService } from './services/devices.ts';
import { installSteps } from './services/instructions.ts';
import type { PartnerClient } from './partner/client.ts';
import { createManagerHandlers, staffMember } from './handlers-manager.ts';
import { createPricingHandlers } from './handlers-pricing.ts';
import { createHistoryHandlers } from './handlers-history.ts';
import type { RefundsService } from './services/refunds.ts';
import type { EsimPackagesService } from './services/esim-packages.ts';
import { createExtrasHandlers } from './handlers-extras.ts';
import { createOrdersHandlers } from './handlers-orders.ts';
import type { FutureOrdersService } from './services/future-orders.ts';
import { createPrintHandlers } from './handlers-print.ts';
import type { PrinterService } from './printer/service.ts';
import type { ExchangeRateService } from './services/exchange-rates.ts';
import { createOwner, normalizeRecoveryCode, setupStatus } from './services/setup.ts';
import type { VaultKeeper } from './vault/keeper.ts';
import type { CloseService } from './reports/close.ts';
import type { AccountService } from './services/account.ts';
import type { Readiness } from './services/readiness.ts';
import type { SecretStore } from './secrets.ts';
import type { Journal } from './db/open.ts';
import { verifyAuditChain } from './services/audit.ts';
import type { SessionHolder } from './services/sessions.ts';
import type { SettingsService } from './services/settings.ts';
import type { SignInErrorCode, StaffService } from './services/staff.ts';
import type { ApprovalErrorCode } from './services/approvals.ts';
import type { ChainService } from './chain/service.ts';
import { createChainHandlers } from './chain/handlers.ts';

export type HandlerServices = {
  readonly info: AppInfo;
  readonly staff: StaffService;
  readonly sessions: SessionHolder;
  readonly settings: SettingsService;
  readonly printer: PrinterService;
  readonly catalog: CatalogService;
  readonly sales: SalesService;
  readonly futureOrders: FutureOrdersService;
  readonly display: DisplayService;
  readonly topups: TopupsService;
  readonly vouchers: VoucherService;
  readonly usage: UsageService;
  readonly devices: DeviceService;
  readonly partner: PartnerClient;
  readonly close: CloseService;
  readonly account: AccountService;
  readonly exchangeRates: ExchangeRateService;
  readonly refunds: RefundsService;
  readonly packages: EsimPackagesService;
  readonly readiness: Readiness;
  readonly chain: ChainService;
  readonly secrets: SecretStore;
  /** Keeps the secret vault's wraps in step with the managers' PINs. */
  readonly keeper: VaultKeeper;
  /** Whether the running environment's partner secret can be read now (app.ts works it out). */
  readonly credentials: () => CredentialsView;
  readonly db: Journal;
  readonly dataDir: string;
  readonly log: (message: string, error?: unknown) => void;
  /** A sold eSIM's e-mail, brand and "send again". */
  readonly esims: EsimDeliveryService;
  /** The partner's product sheets, opened in the system's browser on the desktop. */
  readonly sheets: ProductSheetService;
};

const SIGN_IN_CODES: Record<SignInErrorCode, ErrorCode> = {
  bad_pin: 'wrong_pin',
  locked: 'locked',
  not_found: 'not_found',
  inactive: 'forbidden',
};

const APPROVAL_CODES: Record<ApprovalErrorCode, [ErrorCode, LockScope?]> = {
  bad_pin: ['wrong_pin'],
  not_found: ['not_found'],
  not_manager: ['forbidden'],
  locked: ['locked', 'sign_in'],
  asker_paused: ['locked', 'asking'],
  approver_paused: ['locked', 'approving'],
};

/** The contract's fields for a lock that ends by itself; none for any other failure. */
function lockFields(
  lockedUntil: string | undefined,
  lockScope: LockScope | undefined,
): Pick<AppError, 'lockedUntil' | 'lockScope'> {
  return lockedUntil && lockScope ? { lockedUntil, lockScope } : {};
}

export function createHandlers(services: HandlerServices): Handlers {
  const {
    info,
    staff,
    sessions,
    settings,
    catalog,
    sales,
    display,
    topups,
    usage,
    devices,
    partner,
    close,
    account,
    readiness,
    secrets,
    keeper,
    credentials,
    db,
    dataDir,
    log,
  } = services;
  const view = (): SessionView => {
    const state = sessions.state();
    if (state.status === 'signed_out') return { status: 'signed_out' };
    const language = (id: string) => staff.get(id)?.language ?? null;
    if (state.status === 'locked')
      return { status: 'locked', staffId: state.staffId, name: state.name, language: language(state.staffId) };
    const { session } = state;
    return {
      status: 'active',
      staffId: session.staffId,
      name: session.name,
      role: session.role,
      language: language(session.staffId),
      idleLockInMs: state.idleLockInMs,
      idleLockAfterMs: state.idleLockAfterMs,
    };
  };

  return {
    ...createManagerHandlers({ db, staff, settings, close, account, secrets, keeper, dataDir, running: info.environment, log }),
    ...createPricingHandlers({ settings, exchangeRates: services.exchangeRates }),
    ...createChainHandlers(services.chain),
    ...createHistoryHandlers({
      db,
      sales,
      topups,
      vouchers: services.vouchers,
      refunds: services.refunds,
      packages: services.packages,
    }),
    ...createExtrasHandlers(services),
    ...createOrdersHandlers({ sales, futureOrders: services.futureOrders }),
    ...createPrintHandlers({ printer: services.printer, sales, topups }),
    'app.info': () => ({ ...info }),
    'setup.status': () => ({ environment: info.environment, ...setupStatus(db) }),
    'setup.createOwner': async (input) => {
      const { owner, recoveryCode } = await createOwner(db, staff, input);
      keeper.ownerCreated(owner.id, input.pin, normalizeRecoveryCode(recoveryCode));
      return { ...staffMember(owner), recoveryCode };
    },
    'app.credentials': async () => {
      await secrets.vault?.settled();
      return credentials();
    },
    'staff.list': () => staff.list().map(({ id, name, role, language }) => ({ id, name, role, language })),
    'session.current': view,
    'session.signIn': async ({ staffId, pin }) => {
      const result = await sessions.signIn(staffId, pin);
      if (!result.ok) {
        const { code, message, reason, params, lockedUntil, lastManager } = result.error;
        const scope = lastManager ? 'sign_in_last_manager' : 'sign_in';
        throw new AppFailure(SIGN_IN_CODES[code], message, { reason, params, ...lockFields(lockedUntil, scope) });
      }
      // The PIN is in memory only now: a manager's opens the secrets for the rest of the run.
      await keeper.signedIn({ id: result.value.staffId, role: result.value.role }, pin);
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
    // The dispatcher has marked the activity already, as for every staff call.
    'session.touch': view,
    'session.setLanguage': ({ language }, { session }) => {
      const result = staff.setLanguage(session!.staffId, language);
      if (!result.ok) throw new AppFailure('not_found', result.error.message, { reason: 'staff_not_found' });
      return view();
    },
    'catalog.countries': (input) => catalog.countries(input.query),
    'catalog.packages': (input) => catalog.packages(input),
    'sales.create': (input, { session }) => sales.create(input, session!),
    'sales.get': ({ id }, { session }) => sales.view(id, session),
    'sales.retry': ({ id }, { session }) => sales.retry(id, session!),
    'sales.void': ({ id, reason }, { session }) => sales.void(id, reason, session!),
    'sales.check': ({ id }, { session }) => sales.check(id, session),
    'sales.readiness': () => readiness.get(),
    'sales.covers': async ({ packageId, quantity, iccid }) => {
      const net = iccid ? (await topups.offer(iccid, packageId))?.offer.net : (await catalog.offer(packageId))?.net;
      return { covered: net ? await account.covers(multiplyMoney(net, quantity)) : null };
    },
    'sales.list': (query, { session }) => sales.list(query, session),
    'sales.pending': (_input, { session }) => sales.pending(session),
    // Wrong approval PINs count against the one asking and pause approvals naming that manager,
    // never against the manager's sign-in (services/approvals.ts).
    'sales.reveal': async ({ id, managerStaffId, managerPin }, { session }) => {
      const approval = await staff.approve(session!.staffId, managerStaffId, managerPin);
      if (!approval.ok) {
        const { code, message, reason, params, lockedUntil } = approval.error;
        const [errorCode, scope] = APPROVAL_CODES[code];
        throw new AppFailure(errorCode, message, { reason, params, ...lockFields(lockedUntil, scope) });
      }
      return sales.approveReveal(id, { staffId: approval.value.id }, session);
    },
    'topups.options': ({ iccid }) => topups.options(iccid),
    'topups.create': (input, { session }) => topups.create(input, session!),
    'topups.get': ({ id }) => topups.view(id),
    'topups.retry': ({ id }, { session }) => topups.retry(id, session!),
    'topups.check': ({ id }) => topups.check(id),
    'usage.get': ({ iccid }) => usage.get(iccid),
    'esims.instructions': ({ iccid, language }, { session }) =>
      installSteps(partner, iccid, language, (normalized) => sales.codesVisible(normalized, session)),
    'devices.search': ({ query, limit }) => devices.search(query, limit),
    // Only a window can print itself: the Electron shell answers this method (shell/print.ts).
    'print.page': () => ({ handled: false }),
    // Only a window can use its camera: the Electron shell answers this method (shell/camera.ts).
    'camera.scanning': () => ({ handled: false }),
    'esims.byInstallQr': ({ qrcode }) => sales.iccidOfInstallQr(qrcode),
    'audit.verify': () => verifyAuditChain(db),
    'close.status': () => close.status(),
    'till.today': () => close.tillToday(),
    'till.open': (input, { session }) => close.openTill(input, session!),
    'display.current': () => display.current(),
    'display.setLanguage': ({ language }) => display.setLanguage(language),
    'display.show': async (input, { session }) => {
      switch (input.kind) {
        case 'idle':
          return display.idle();
        case 'thanks':
          return display.thanks();
        case 'offer': {
          const offer = await catalog.offer(input.packageId);
          if (!offer)
            throw new AppFailure('not_found', 'This package is no longer offered.', { reason: 'package_no_longer_offered' });
          return display.offer(offer, input.quantity);
        }
        case 'install':
          return display.install(sales.view(input.saleId, session));
        case 'topup': {
          const found = await topups.offer(input.iccid, input.packageId);
          if (!found) {
            throw new AppFailure('not_found', 'This top-up is not offered for this eSIM any more.', {
              reason: 'topup_no_longer_offered',
            });
          }
          return display.topup(found.iccid, found.offer);
        }
        case 'topup_done':
          return display.topupDone(topups.view(input.topupId));
      }
    },
  };
}
