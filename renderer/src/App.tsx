import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../shared/contract.ts';
import { useStore } from './state/store.ts';
import { openScreen, replaceScreen, useScreenId } from './nav.ts';
import { screens } from './screen-list.ts';
import { SignInScreen } from './counter/sign-in/SignInScreen.tsx';
import { EnvironmentBanner } from './shell/EnvironmentBanner.tsx';
import { CredentialsNotice } from './shell/CredentialsNotice.tsx';
import { genericWords } from './errors.ts';
import { DisplayStatus } from './counter/display/DisplayStatus.tsx';
import { SaleNotices } from './counter/sell/SaleNotices.tsx';
import { DayClosedNotice } from './shell/DayClosedNotice.tsx';
import { OpeningFloat } from './shell/OpeningFloat.tsx';
import { IdleLockWarning } from './shell/IdleLockWarning.tsx';
import { AuditChainNotice } from './shell/AuditChainNotice.tsx';
import { QueuedSalesNotice } from './shell/QueuedSalesNotice.tsx';
import { UnclosedReminder } from './backoffice/close/UnclosedDays.tsx';
import { AccountControls } from './shell/AccountControls.tsx';
import { counterLanguage, useShowLanguage } from './i18n/language.ts';
import { CONTENT_ID, MenuButton, NavRail, SkipLink } from './shell/NavMenu.tsx';
import { CrashBoundary } from './shell/CrashBoundary.tsx';

// Once per journal: its code is fetched only when a journal has no staff yet.
const SetupScreen = lazy(() => import('./counter/setup/SetupScreen.tsx').then((m) => ({ default: m.SetupScreen })));

/** The screens that take money, where the till says when today has been closed already. */
const SELLING = new Set(['sell', 'topup']);

type ScreensProps = {
  screenId: string;
  session: Extract<SessionView, { status: 'active' }>;
  menuOpen: boolean;
  onCloseMenu(returnFocus: boolean): void;
};

function Screens({ screenId, session, menuOpen, onCloseMenu }: ScreensProps) {
  const role = session.role;
  const visible = screens.filter((s) => s.role === 'clerk' || role === 'manager');
  const current = screens.find((s) => s.id === screenId) ?? screens[0]!;
  const allowed = current.role === 'clerk' || role === 'manager';
  const Screen = current.component;
  // A selling screen is drawn once today's till is read, with the opening float's bar above it if the
  // day has not been started: drawn before, it moved down a row under the clerk's pointer when the bar came.
  const tillRead = useStore((s) => s.tillToday !== null || s.tillUnread);
  const drawn = allowed && (tillRead || !SELLING.has(current.id));
  // An address left by someone with more rights (a manager signed out on Close day) opens the
  // first screen this person may use instead of a refusal.
  const fallback = visible[0]!.id;
  useEffect(() => {
    if (!allowed) replaceScreen(fallback);
  }, [allowed, fallback]);
  // Alt+1…9 opens the rail's entries in order, from anywhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || !/^Digit[1-9]$/.test(event.code)) return;
      const entry = screens.filter((s) => s.role === 'clerk' || role === 'manager')[Number(event.code.slice(5)) - 1];
      if (!entry) return;
      event.preventDefault();
      openScreen(entry.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [role]);
  return (
    <>
      <NavRail
        entries={visible}
        currentId={current.id}
        open={menuOpen}
        onClose={onCloseMenu}
        account={<AccountControls session={session} place="menu" />}
      />
      <main className="content" id={CONTENT_ID} tabIndex={-1}>
        {/* The Audit log screen says it at length. */}
        {role === 'manager' && current.id !== 'audit' && <AuditChainNotice />}
        <DisplayStatus />
        <SaleNotices onSell={current.id === 'sell'} />
        <QueuedSalesNotice />
        {SELLING.has(current.id) && <DayClosedNotice />}
        {/* Above the screen, where the day's first clerk sees it at any window height. */}
        {SELLING.has(current.id) && <OpeningFloat key={`float-${current.id}`} />}
        {role === 'manager' && current.id === screens[0]!.id && <UnclosedReminder />}
        {drawn && (
          <CrashBoundary key={current.id} where={current.id}>
            <Screen />
          </CrashBoundary>
        )}
      </main>
    </>
  );
}

/**
 * What the counter's first screen needs, asked before React draws anything (main.tsx), so the
 * page's first render and the backend's answers overlap. The sign-in tiles are the first screen of
 * most starts: their names come with the first answers.
 */
export function startCounter(): void {
  const store = useStore.getState();
  void store.loadInfo();
  void store.loadSetup();
  void store.loadSession();
  void store.loadDisplay();
  void store.loadStaff();
}

export function App({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  const info = useStore((s) => s.info);
  const session = useStore((s) => s.session);
  const loadSession = useStore((s) => s.loadSession);
  const setup = useStore((s) => s.setup);
  const screenId = useScreenId();
  usePersonStartsAtTheCounter(session);
  const signedIn = session?.status === 'active';
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);
  // A sign-in, sign-out or lock closes the menu: whoever comes next starts without it.
  const [menuSignedIn, setMenuSignedIn] = useState(signedIn);
  if (menuSignedIn !== signedIn) {
    setMenuSignedIn(signedIn);
    setMenuOpen(false);
  }
  const deviceLanguage = useStore((s) => s.deviceLanguage);
  const tileLanguage = useStore((s) => s.tileLanguage);
  useShowLanguage(counterLanguage(session, tileLanguage, deviceLanguage));

  // Ask again when the idle lock is due, so the screen locks even if nobody touches it.
  const idleLockInMs = session?.status === 'active' ? session.idleLockInMs : null;
  useEffect(() => {
    if (idleLockInMs === null) return;
    const timer = setTimeout(() => void loadSession(), idleLockInMs + 500);
    return () => clearTimeout(timer);
  }, [idleLockInMs, loadSession]);

  if (!connected) {
    return (
      <main className="not-connected" role="alert">
        <h1>{t('appName')}</h1>
        <p>{genericWords('not_connected')}</p>
      </main>
    );
  }

  return (
    <div className={signedIn ? 'shell' : 'shell signed-out'}>
      {signedIn && <SkipLink />}
      {/* One row at any width from 1024 up, in any language: the name and the brand give way
          (shortened, whole in their title), the buttons never wrap inside. */}
      <header className="topbar">
        {signedIn && (
          <MenuButton
            ref={menuButton}
            open={menuOpen}
            onToggle={() => setMenuOpen((open) => !open)}
            onEscape={() => closeMenu(true)}
          />
        )}
        <span className="brand" title={t('appName')}>
          {t('appName')}
        </span>
        {session?.status === 'active' && (
          <div className="who">
            <span className="who-name" title={`${session.name} · ${t(`role.${session.role}`)}`}>
              {session.name} · {t(`role.${session.role}`)}
            </span>
            <AccountControls session={session} place="topbar" />
          </div>
        )}
      </header>
      {info && <EnvironmentBanner environment={info.environment} />}
      {info && <CredentialsNotice />}
      {setup?.needsOwner ? (
        <CrashBoundary where="setup" landmark>
          <Suspense fallback={null}>
            <SetupScreen environment={setup.environment} />
          </Suspense>
        </CrashBoundary>
      ) : session === null || setup === null ? (
        <main className="content">
          <p className="muted" role="status">
            {t('starting')}
          </p>
        </main>
      ) : session.status !== 'active' ? (
        <CrashBoundary where="sign-in" landmark>
          <SignInScreen />
        </CrashBoundary>
      ) : (
        <>
          <Screens screenId={screenId} session={session} menuOpen={menuOpen} onCloseMenu={closeMenu} />
          <IdleLockWarning />
        </>
      )}
    </div>
  );
}

/**
 * Someone other than the last person at the counter starts at its first screen (Sell), not where
 * the one before left off; unlocking one's own session, or reloading, keeps the screen.
 */
function usePersonStartsAtTheCounter(session: SessionView | null): void {
  // The last person who held the counter: undefined until known, null after a sign-out.
  const holder = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!session || session.status === 'locked') return;
    if (session.status === 'signed_out') {
      holder.current = null;
      return;
    }
    if (holder.current !== undefined && holder.current !== session.staffId) replaceScreen(screens[0]!.id);
    holder.current = session.staffId;
  }, [session]);
}
