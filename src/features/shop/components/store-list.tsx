import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import { formatMoney } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { usePagedList } from '@/lib/use-paged-list';
import type { Offer } from '@contract/shop';

import { fetchShop } from '../api';
import { ownedView } from '../owned-view';
import { useConfirmingReload, usePaid } from '../use-paid';
import { useOpenPayment } from '../use-payment';
import { PremiumBadge } from './premium-badge';

export function StoreList({ onSignIn }: { onSignIn: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { openPackage, openPremium } = useOpenPayment();
  const { paid, revision } = usePaid();
  // Every payment made here loads the list again: the server's answer is the truth, the payment's only a first word.
  const list = usePagedList<Offer>(
    async (page, perPage, signal) => {
      const data = await fetchShop(page, perPage, signal);
      return { total: data.total, page: data.page, list: data.list };
    },
    12,
    // A new language loads the list again in it (the page reloads too, but nothing here should rely on that).
    `${revision}|${i18n.language}`,
    { keepPrevious: true },
  );
  const premiumHeld = Boolean(user?.is_premium) || paid.premium;
  const offers = list.list.map((offer) => ownedView(offer, paid, premiumHeld));
  useConfirmingReload(
    offers.some((offer) => offer.confirming),
    list.reload,
    list.list,
  );

  return (
    <div className="store">
      <header className="page-head">
        <h1>{t('shop:title')}</h1>
        <p className="muted">{t('shop:subtitle')}</p>
      </header>
      {user && (
        <section className="premium-banner card" data-premium={premiumHeld}>
          <div>
            <h2 className="section-title">{t('shop:premium.title')}</h2>
            <p className="muted">{premiumHeld ? t('shop:premium.active') : t('shop:premium.banner')}</p>
          </div>
          {premiumHeld ? (
            <span className="badge">{t('shop:owned')}</span>
          ) : (
            <button type="button" className="button button--primary" onClick={openPremium}>
              {t('shop:premium.open')}
            </button>
          )}
        </section>
      )}
      <AsyncState
        loading={list.loading && list.list.length === 0}
        error={list.error}
        empty={list.list.length === 0}
        emptyText={t('shop:empty')}
        onRetry={list.reload}
      >
        <ul className="offer-grid">
          {offers.map((offer) => {
            // The server's total for this user (Premium included when required), the same the payment window asks.
            const price = (amount: number) => formatMoney(amount, offer.currency, i18n.language);
            const itemPrice = (item: Offer['products'][number]) =>
              item.owned ? (
                <span className="badge">{t('shop:owned')}</span>
              ) : (
                price(item.price_in_user_currency)
              );
            return (
              <li key={offer.id} className="offer card" data-offer-id={offer.id}>
                <h2 className="offer__name">
                  <Link to={`/store/${offer.id}`}>{offer.name}</Link>
                </h2>
                <p className="offer__description">{offer.description}</p>
                <ul className="offer__items">
                  {offer.products.map((item) => (
                    <li key={`p${item.id}`}>
                      <span>{item.name}</span>
                      <span>{itemPrice(item)}</span>
                    </li>
                  ))}
                  {offer.video_courses.map((item) => (
                    <li key={`v${item.id}`}>
                      <span>
                        {t('shop:videoCourse')}: {item.name}
                      </span>
                      <span>{itemPrice(item)}</span>
                    </li>
                  ))}
                  {offer.premium_cost > 0 && (
                    <li className="offer__premium-line">
                      <span>{t('shop:payment.premiumLine')}</span>
                      <span>{price(offer.premium_cost)}</span>
                    </li>
                  )}
                </ul>
                <PremiumBadge offer={offer} />
                <div className="offer__actions">
                  <Link className="button button--ghost" to={`/store/${offer.id}`}>
                    {t('shop:details')}
                  </Link>
                  {offer.all_owned ? (
                    <span className="badge">{t('shop:owned')}</span>
                  ) : offer.confirming ? (
                    <span className="muted" role="status">
                      {t('shop:confirming')}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => (user ? openPackage(offer) : onSignIn())}
                    >
                      {t('shop:buyFor', { price: price(offer.total) })}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <Pager page={list.page} perPage={list.perPage} total={list.total} onPage={list.setPage} />
      </AsyncState>
    </div>
  );
}
