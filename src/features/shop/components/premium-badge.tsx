import { useTranslation } from 'react-i18next';

import type { Offer } from '@contract/shop';

/**
 * A package that requires Premium says so, and once the player holds Premium it says that instead: the requirement
 * is met, nothing more to buy for it.
 */
export function PremiumBadge({ offer }: { offer: Pick<Offer, 'premium_required' | 'premium_owned'> }) {
  const { t } = useTranslation();
  if (!offer.premium_required) return null;
  return offer.premium_owned ? (
    <p className="badge badge--premium-held">{t('shop:premiumHeld')}</p>
  ) : (
    <p className="badge badge--premium">{t('shop:premiumRequired')}</p>
  );
}
