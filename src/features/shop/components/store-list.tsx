import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import { formatMoney } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { usePagedList } from '@/lib/use-paged-list';
import type { Offer } from '@contract/shop';

import { fetchShop } from '../api';
import { useOpenPayment } from '../use-payment';

export function offerTotal(offer: Pick<Offer, 'products' | 'video_courses'>): number {
  return [...offer.products, ...offer.video_courses]
    .filter((item) => !item.owned)
    .reduce((sum, item) => sum + item.price_in_user_currency, 0);
}

export function StoreList({ onSignIn }: { onSignIn: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { openPackage, openPremium } = useOpenPayment();
  const list = usePagedList<Offer>(async (page, perPage, signal) => {
    const data = await fetchShop(page, perPage, signal);
    return { total: data.total, page: data.page, list: data.list };
  }, 12);

  return (
    <div className="store">
      <header className="page-head">
        <h1>{t('shop:title')}</h1>
        <p className="muted">{t('shop:subtitle')}</p>
      </header>
      {user && !user.is_premium && (
        <section className="premium-banner card">
          <div>
            <h2 className="section-title">{t('shop:premium.title')}</h2>
            <p className="muted">{t('shop:premium.banner')}</p>
          </div>
          <button type="button" className="button button--primary" onClick={openPremium}>
            {t('shop:premium.open')}
          </button>
        </section>
      )}
      <AsyncState
        loading={list.loading}
        error={list.error}
        empty={list.list.length === 0}
        emptyText={t('shop:empty')}
        onRetry={list.reload}
      >
        <ul className="offer-grid">
          {list.list.map((offer) => {
            const total = offerTotal(offer);
            const allOwned =
              total === 0 && [...offer.products, ...offer.video_courses].every((item) => item.owned);
            return (
              <li key={offer.id} className="offer card">
                <h2 className="offer__name">
                  <Link to={`/store/${offer.id}`}>{offer.name}</Link>
                </h2>
                <p className="offer__description">{offer.description}</p>
                <ul className="offer__items">
                  {offer.products.map((item) => (
                    <li key={`p${item.id}`}>
                      <span>{item.name}</span>
                      <span>{formatMoney(item.price_in_user_currency, offer.currency, i18n.language)}</span>
                    </li>
                  ))}
                  {offer.video_courses.map((item) => (
                    <li key={`v${item.id}`}>
                      <span>
                        {t('shop:videoCourse')}: {item.name}
                      </span>
                      <span>{formatMoney(item.price_in_user_currency, offer.currency, i18n.language)}</span>
                    </li>
                  ))}
                </ul>
                {offer.premium_required && (
                  <p className="badge badge--premium">{t('shop:premiumRequired')}</p>
                )}
                <div className="offer__actions">
                  <Link className="button button--ghost" to={`/store/${offer.id}`}>
                    {t('shop:details')}
                  </Link>
                  {allOwned ? (
                    <span className="badge">{t('shop:owned')}</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => (user ? openPackage(offer) : onSignIn())}
                    >
                      {t('shop:buyFor', { price: formatMoney(total, offer.currency, i18n.language) })}
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
