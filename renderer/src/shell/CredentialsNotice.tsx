import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { CredentialsView } from '../../../shared/contract.ts';
import { api } from '../api.ts';
import { useStore } from '../state/store.ts';

/** Bumped where the answer may change besides a sign-in: a client secret saved in Settings. */
const useAsked = create<{ times: number }>(() => ({ times: 0 }));
export const askCredentialsAgain = () => useAsked.setState((s) => ({ times: s.times + 1 }));

/**
 * Under the top bar, on the sign-in screen and every other: when the eSIM service's credentials
 * are sealed until a manager signs in (no keychain on this computer), or not entered yet, says so,
 * so a clerk knows why nothing can be sold and whom to ask. Asked again at each change of session,
 * since a manager's sign-in is what opens them.
 */
export function CredentialsNotice() {
  const { t } = useTranslation('signin');
  const session = useStore((s) => s.session);
  const asked = useAsked((s) => s.times);
  const [state, setState] = useState<CredentialsView['state']>('ready');
  useEffect(() => {
    let current = true;
    void api()
      .call('app.credentials', {})
      .then((result) => {
        if (current && result.ok) setState(result.value.state);
      });
    return () => {
      current = false;
    };
  }, [session, asked]);
  if (state === 'ready') return null;
  return (
    <p className="notice warn" role="status" data-testid="credentials-notice">
      {state === 'locked' ? t('credentials.locked') : t('credentials.missing')}
    </p>
  );
}
