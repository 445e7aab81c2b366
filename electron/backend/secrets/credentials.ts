import type { CredentialsView } from '../../../shared/contract.ts';
import { AppFailure } from '../../../shared/errors.ts';
import type { PartnerConfig } from '../settings/partner-settings.ts';

/**
 * Whether the partner secret can be read now. A secret read at each token fetch (from the vault)
 * may be locked until a manager signs in, or not entered yet on this environment; a sale is
 * refused with that before anything is recorded, and the sign-in screen says it in words.
 */
export function credentialsOf(partner: PartnerConfig) {
  const { clientSecret } = partner;
  const assert = () => {
    if (typeof clientSecret === 'function') clientSecret();
  };
  return {
    assert,
    view: (): CredentialsView => {
      try {
        assert();
        return { state: 'ready' };
      } catch (error) {
        if (!(error instanceof AppFailure)) throw error;
        return { state: error.error.code === 'secrets_locked' ? 'locked' : 'missing' };
      }
    },
  };
}
