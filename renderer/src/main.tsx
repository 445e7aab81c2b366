import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connect } from './bridge.ts';
import { setApi, watchSession } from './api.ts';
import { useStore } from './state/store.ts';
import { App } from './App.tsx';
import './styles.css';

const connection = connect();
setApi(connection && watchSession(connection, () => void useStore.getState().loadSession()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App connected={connection !== null} />
  </StrictMode>,
);
