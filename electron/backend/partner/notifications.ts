import type { PartnerClient } from './client.ts';
import { PartnerError } from './errors.ts';
import { NotificationResponse } from './schemas/account.ts';

/**
 * The low-data e-mail subscription as the service holds it (GET /v2/notifications/opt-in), or null
 * when there is none. The documentation does not say how the service picks among a partner's
 * subscriptions, so the type is asked for and checked in the answer.
 */
export async function getLowDataEmailSubscription(client: PartnerClient): Promise<string | null> {
  try {
    const response = await client.call({
      method: 'GET',
      path: '/v2/notifications/opt-in',
      query: { type: 'email_low_data' },
      schema: NotificationResponse,
    });
    const { type, contact_point } = response.data.notification;
    return type === 'email_low_data' ? contact_point : null;
  } catch (error) {
    if (error instanceof PartnerError && error.kind === 'not_found') return null;
    throw error;
  }
}
