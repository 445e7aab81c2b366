import type { OfferFacts } from './db.ts';
import type { CountryEntry } from '../partner/schemas/packages.ts';

type Operator = CountryEntry['operators'][number];

/**
 * What the catalogue says of a package for its product sheet, kept with the catalogue: the
 * operator's identity check (the partner's product sheet has no such field), its activation
 * policy and networks, and the package's fair-use rule.
 */
export function factsOf(operator: Operator, pkg: Operator['packages'][number]): OfferFacts {
  const networks = (operator.coverages ?? []).flatMap((c) => c.networks);
  return {
    kyc: operator.is_kyc_verify ?? null,
    activationPolicy: operator.activation_policy ?? null,
    fairUse: pkg.is_fair_usage_policy ? (pkg.fair_usage_policy ?? null) : null,
    networks: [...new Set(networks.map((n) => n.name))],
    technologies: [...new Set(networks.flatMap((n) => n.types))],
    isRoaming: operator.is_roaming,
  };
}
