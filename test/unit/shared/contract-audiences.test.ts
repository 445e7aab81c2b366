// Who may call each method, pinned: a method added, or its audience changed, fails here until
// this table says so on purpose (a new manager method declared as clerk would open it to clerks).
import { describe, expect, it } from 'vitest';
import { displayEvents, displayMethods, methodNames, methods, type MethodName, type Role } from '../../../shared/contract.ts';

const AUDIENCE: Record<MethodName, Role> = {
  'app.info': 'display',
  // Either window reports its own crash to the log, signed in or not.
  'app.reportCrash': 'display',
  'display.current': 'display',
  'display.setLanguage': 'display',
  'setup.status': 'public',
  'setup.createOwner': 'public',
  'staff.list': 'public',
  // Whether a manager must sign in to reach the eSIM service: said on the sign-in screen, no secret in it.
  'app.credentials': 'public',
  'session.current': 'public',
  'session.signIn': 'public',
  'session.signOut': 'public',
  'session.lock': 'clerk',
  'session.touch': 'clerk',
  'session.setLanguage': 'clerk',
  'catalog.countries': 'clerk',
  'catalog.packages': 'clerk',
  'trip.plan': 'clerk',
  'trip.uses': 'clerk',
  'baskets.create': 'clerk',
  'baskets.get': 'clerk',
  'sales.create': 'clerk',
  'sales.createOffline': 'clerk',
  'sales.get': 'clerk',
  'sales.retry': 'clerk',
  'sales.check': 'clerk',
  'sales.covers': 'clerk',
  'sales.readiness': 'clerk',
  'sales.list': 'clerk',
  'sales.pending': 'clerk',
  'sales.reveal': 'clerk',
  'topups.options': 'clerk',
  'topups.create': 'clerk',
  'topups.get': 'clerk',
  'topups.retry': 'clerk',
  'topups.check': 'clerk',
  'usage.get': 'clerk',
  'esims.instructions': 'clerk',
  'devices.search': 'clerk',
  'print.page': 'clerk',
  'print.setup': 'clerk',
  'print.receipt': 'clerk',
  'print.drawer': 'clerk',
  'print.test': 'manager',
  'camera.scanning': 'clerk',
  'esims.byInstallQr': 'clerk',
  'close.status': 'clerk',
  'display.show': 'clerk',
  'groupOrders.create': 'clerk',
  'groupOrders.get': 'clerk',
  'futureOrders.create': 'clerk',
  'futureOrders.list': 'clerk',
  'futureOrders.cancel': 'clerk',
  'sales.void': 'manager',
  'sales.queued': 'clerk',
  'sales.toRefund': 'manager',
  'audit.verify': 'manager',
  'audit.list': 'manager',
  'reports.day': 'manager',
  'reports.range': 'manager',
  'reports.totals': 'manager',
  'reports.sales': 'manager',
  'close.preview': 'manager',
  'close.commit': 'manager',
  'close.csv': 'manager',
  'close.unclosed': 'manager',
  'till.today': 'clerk',
  'till.open': 'clerk',
  'staff.all': 'manager',
  'staff.create': 'manager',
  'staff.rename': 'manager',
  'staff.deactivate': 'manager',
  'staff.reactivate': 'manager',
  'staff.resetPin': 'manager',
  'staff.unlock': 'manager',
  'staff.setRole': 'manager',
  'settings.get': 'manager',
  'settings.update': 'manager',
  'settings.export': 'manager',
  'settings.import': 'manager',
  'backup.list': 'manager',
  'backup.create': 'manager',
  'backup.verify': 'manager',
  'backup.restore': 'manager',
  'backup.cancelRestore': 'manager',
  'pricing.rules': 'manager',
  'pricing.setRule': 'manager',
  'pricing.rates': 'manager',
  'pricing.refreshRates': 'manager',
  'account.balance': 'manager',
  'refunds.request': 'manager',
  'refunds.list': 'manager',
  'settings.partner': 'manager',
  'settings.setPartner': 'manager',
  'notifications.lowData': 'manager',
  'chain.join': 'manager',
  'chain.status': 'manager',
  // Demo's example sales, for a manager to practise Reports and Close on.
  'sales.examplesOffered': 'manager',
  'sales.addExamples': 'manager',
  // The support file holds the settings and the logs: a manager's to send.
  'support.file': 'manager',
  'history.search': 'clerk',
  'esims.packages': 'clerk',
  'refunds.refresh': 'manager',
  'refunds.limit': 'manager',
  // Vouchers and the checkout's e-mail choices are the counter's; setting them and the
  // low-data read-back are the manager's.
  'vouchers.create': 'clerk',
  'vouchers.list': 'clerk',
  'vouchers.printed': 'clerk',
  'delivery.options': 'clerk',
  'delivery.setOptions': 'manager',
  'esims.delivery': 'clerk',
  'esims.setBrand': 'clerk',
  'esims.sendAgain': 'clerk',
  'catalog.productSheet': 'clerk',
  'catalog.openSheetLink': 'clerk',
  'notifications.lowDataStatus': 'manager',
};

describe('the contract’s audiences', () => {
  it('are exactly the table’s, method by method', () => {
    expect(Object.fromEntries(methodNames.map((m) => [m, methods[m].role]))).toEqual(AUDIENCE);
  });

  it('give the customer display what to show, the app’s name and the customer’s language, nothing of staff or sales', () => {
    expect([...displayMethods].sort()).toEqual(['app.info', 'app.reportCrash', 'display.current', 'display.setLanguage']);
    expect(displayEvents).toEqual(['display.changed']);
  });

  it('keep every method that changes money, staff or settings for signed-in staff', () => {
    // staff.list is the sign-in screen's tiles (names and roles): public on purpose.
    for (const name of methodNames.filter((m) => m !== 'staff.list')) {
      if (
        /^(sales|topups|refunds|close|staff|settings|account|audit|reports|notifications|vouchers|delivery|esims)\./.test(name)
      ) {
        expect([name, methods[name].role]).not.toEqual([name, 'public']);
        expect([name, methods[name].role]).not.toEqual([name, 'display']);
      }
    }
  });
});
