import { useEffect, useState } from 'react';
import type { InstallSteps } from '../../../../shared/esims.ts';
import type { Result } from '../../../../shared/errors.ts';
import { api } from '../../api.ts';
import type { Loadable } from '../../state/catalog.ts';

/**
 * The service's install steps for one eSIM, asked only once `wanted` (the clerk opened them): most
 * sales never need them, and each look-up is a call to the partner. Kept by the component, not the
 * store, so steps that quote a revealed eSIM's codes go when the sale leaves the screen.
 */
export function useInstallSteps(
  iccid: string,
  language: string,
  wanted: boolean,
): { steps: Loadable<InstallSteps>; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; result: Result<InstallSteps> } | null>(null);
  const key = `${iccid}|${language}|${attempt}`;

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void api()
      .call('esims.instructions', { iccid, language })
      .then((result) => {
        if (current) setAnswer({ key, result });
      });
    return () => {
      current = false;
    };
  }, [wanted, iccid, language, key]);

  const steps: Loadable<InstallSteps> = !wanted
    ? { status: 'idle' }
    : answer?.key !== key
      ? { status: 'loading' }
      : answer.result.ok
        ? { status: 'ready', value: answer.result.value }
        : { status: 'failed', error: answer.result.error };
  return { steps, retry: () => setAttempt((n) => n + 1) };
}
