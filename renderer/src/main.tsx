import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/i18n.ts';
import { connect } from './bridge.ts';
import { setApi, watchSession } from './api.ts';
import { useStore } from './state/store.ts';
import { App, startCounter } from './App.tsx';
import { isDisplayRoute } from './route.ts';
import { CrashBoundary, reportWindowErrors } from './shell/CrashBoundary.tsx';
import './styles/app.css';
import './counter/sell/sell.css';
import './counter/sell/sell-result.css';
import './counter/sell/details.css';
import './counter/display/display.css';
import './print/print.css';
import './shell/audit-notice.css';

// The customer display's window loads its own code, and the counter's never does.
const CustomerDisplay = lazy(() => import('./counter/display/CustomerDisplay.tsx').then((m) => ({ default: m.CustomerDisplay })));

const displayRoute = isDisplayRoute(window.location);
const connection = connect();
// The display has no staff session: a "signed out" answer there means nothing to watch.
setApi(connection && (displayRoute ? connection : watchSession(connection, () => void useStore.getState().loadSession())));
reportWindowErrors(displayRoute ? 'display' : 'counter');

// Events go to the store; every screen reads the store, so nothing else subscribes.
connection?.subscribe(
  (name, payload) => {
    const store = useStore.getState();
    if (name === 'display.changed') store.displayChanged(payload as Parameters<typeof store.displayChanged>[0]);
    else if (name === 'service.changed') store.serviceChanged(payload as Parameters<typeof store.serviceChanged>[0]);
    else if (name === 'orders.held') store.ordersHeld(payload as Parameters<typeof store.ordersHeld>[0]);
    else if (name === 'sale.updated') {
      const event = payload as Parameters<typeof store.saleUpdated>[0];
      store.saleUpdated(event);
      store.historySaleUpdated(event);
    } else if (name === 'topup.updated') store.historySaleUpdated(payload as Parameters<typeof store.historySaleUpdated>[0]);
    // The display may have changed before the stream was there (a slow start, a reconnect): asked again.
  },
  displayRoute ? () => void useStore.getState().loadDisplay() : undefined,
);

if (connection && !displayRoute) startCounter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Around the window's whole frame too: what no screen's own boundary caught. */}
    <CrashBoundary where={displayRoute ? 'display' : 'counter'} landmark>
      {displayRoute ? (
        <Suspense fallback={null}>
          <CustomerDisplay connected={connection !== null} />
        </Suspense>
      ) : (
        <App connected={connection !== null} />
      )}
    </CrashBoundary>
  </StrictMode>,
);
