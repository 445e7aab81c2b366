import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../../shared/contract.ts';
import { displayAddress } from '../bridge.ts';
import { useStore } from '../state/store.ts';
import { LanguagePicker } from '../ui/LanguagePicker.tsx';

type Active = Extract<SessionView, { status: 'active' }>;

/** A named window, so pressing the button again brings the same tab forward instead of a second one. */
function openCustomerDisplay(): void {
  window.open(displayAddress(), 'esim-counter-customer-display');
}

/**
 * What the person signed in can do about themselves and the counter: their language, the customer
 * display, locking, signing out. In the top bar of a wide window; a narrow one (200 % zoom) keeps
 * only Lock there, beside the menu and the name, so the bar stays one row, and the rest is in the
 * open menu.
 */
export function AccountControls({ session, place }: { session: Active; place: 'topbar' | 'menu' }) {
  // The caller renders it once per place; CSS shows the one that fits the window.
  const { t } = useTranslation();
  const transport = useStore((s) => s.info?.transport);
  return (
    <div className={`account-controls account-in-${place}`}>
      <LanguagePicker value={session.language} onChange={(language) => void useStore.getState().chooseOwnLanguage(language)} />
      {transport === 'browser' && (
        <button
          type="button"
          className="button small ghost"
          onClick={openCustomerDisplay}
          title={t('topbar.customerDisplayHint')}
        >
          {t('topbar.customerDisplay')}
        </button>
      )}
      {/* Lock stays in the top bar at any width: the one a clerk leaving the counter needs at once. */}
      {place === 'topbar' && (
        <button type="button" className="button small ghost lock-button" onClick={() => void useStore.getState().lock()}>
          {t('topbar.lock')}
        </button>
      )}
      <button type="button" className="button small ghost" onClick={() => void useStore.getState().signOut()}>
        {t('topbar.signOut')}
      </button>
    </div>
  );
}
