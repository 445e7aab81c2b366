import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api.ts';

/**
 * Tells the backend's log of a crash in this window; never throws, since it runs while something
 * has already gone wrong (and before the connection, there is nobody to tell).
 */
export function reportCrash(where: string, error: unknown, componentStack?: string | null): void {
  try {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const stack = [error instanceof Error ? error.stack : undefined, componentStack].filter(Boolean).join('\n');
    void api()
      .call('app.reportCrash', {
        message: message.slice(0, 2000),
        ...(stack ? { stack: stack.slice(0, 8000) } : {}),
        where: where.slice(0, 200),
      })
      .catch(() => undefined);
  } catch {
    // Not connected: the window shows the recovery screen all the same.
  }
}

/** The window's own errors outside React (a timer, an event handler, a promise nobody awaited). */
export function reportWindowErrors(where: string): void {
  window.addEventListener('error', (event) => reportCrash(where, event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportCrash(where, event.reason));
}

function Recovery({ landmark }: { landmark: boolean }) {
  const { t } = useTranslation();
  const words = (
    <>
      <h1>{t('crash.title')}</h1>
      <p>{t('crash.safe')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('crash.reload')}
      </button>
    </>
  );
  // A screen sits inside the window's <main> already; what stands for a whole window is its own.
  return landmark ? (
    <main className="content" role="alert">
      {words}
    </main>
  ) : (
    <section role="alert">{words}</section>
  );
}

/**
 * Around each screen: a render that throws shows the recovery screen instead of a white window,
 * and the log hears of it. A sale already sent lives in the journal, and a reload shows it again.
 */
export class CrashBoundary extends Component<{ where: string; landmark?: boolean; children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportCrash(this.props.where, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.crashed ? <Recovery landmark={this.props.landmark === true} /> : this.props.children;
  }
}
