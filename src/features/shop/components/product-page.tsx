import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AsyncState } from '@/components/async-state';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { pushToast } from '@/lib/toast';
import { useAsync } from '@/lib/use-async';
import type { Lesson, OfferItem, ProductPage as Product } from '@contract/shop';

import { fetchProduct, restorePack } from '../api';
import { type OwnedView, ownedView } from '../owned-view';
import { useConfirmingReload, usePaid } from '../use-paid';
import { useOpenPayment } from '../use-payment';
import { LessonPlayer } from './lesson-player';
import { PremiumBadge } from './premium-badge';

export function ProductPage({ productId, onSignIn }: { productId: number; onSignIn: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { openPackage } = useOpenPayment();
  const { paid, revision } = usePaid();
  const [lesson, setLesson] = useState<Lesson | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  // The user and this page's payments are part of the key, so ownership (and lesson URLs) come from the server
  // again after sign-in and after every purchase made here.
  const result = useAsync(
    (signal) => fetchProduct(productId, signal),
    `${productId}|${user?.id ?? ''}|${user?.is_premium ?? ''}|${revision}|${i18n.language}`,
    { keepPrevious: true },
  );
  const product: OwnedView<Product> | null = result.data
    ? ownedView(result.data, paid, Boolean(user?.is_premium))
    : null;
  useConfirmingReload(product?.confirming ?? false, result.reload, result.data);
  const error = result.error ? errorMessage(result.error, t) : null;

  const money = (amount: number) => formatMoney(amount, product?.currency ?? 'USD', i18n.language);

  // A bought pack whose folder the buyer deleted: owned still (a second purchase delivers nothing), so it is put back.
  const restore = async (item: OfferItem) => {
    setRestoring(item.id);
    try {
      await restorePack(item.id);
      pushToast(t('shop:restore.done', { name: item.name }), 'success');
      result.reload();
    } catch (cause) {
      pushToast(errorMessage(cause, t), 'error');
    } finally {
      setRestoring(null);
    }
  };

  return (
    <div className="product">
      <p>
        <Link to="/store" className="back-link">
          ← {t('shop:back')}
        </Link>
      </p>
      <AsyncState
        loading={!product && !error}
        error={error}
        empty={false}
        emptyText=""
        onRetry={result.reload}
      >
        {product && (
          <>
            <header className="page-head">
              <h1>{product.name}</h1>
              <p className="muted">{product.description}</p>
              <PremiumBadge offer={product} />
            </header>
            <section className="card">
              <h2 className="section-title">{t('shop:strategies')}</h2>
              {product.products.length === 0 ? (
                <p className="state state--empty">{t('shop:noStrategies')}</p>
              ) : (
                <ul className="item-list">
                  {product.products.map((item) => (
                    <li key={item.id} className="item-list__row">
                      <div>
                        <strong>{item.name}</strong>
                        <p className="muted">{item.description}</p>
                      </div>
                      <span className="item-list__side">
                        {item.owned ? (
                          <span className="badge">{t('shop:owned')}</span>
                        ) : (
                          money(item.price_in_user_currency)
                        )}
                        {item.restorable && (
                          <>
                            <span className="muted">{t('shop:restore.deleted')}</span>
                            <button
                              type="button"
                              className="button button--ghost"
                              disabled={restoring !== null}
                              onClick={() => void restore(item)}
                            >
                              {restoring === item.id ? t('common:states.sending') : t('shop:restore.button')}
                            </button>
                          </>
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="card">
              <h2 className="section-title">{t('shop:videoCourses')}</h2>
              {product.video_courses.length === 0 ? (
                <p className="state state--empty">{t('shop:noCourses')}</p>
              ) : (
                <ul className="item-list">
                  {product.video_courses.map((course) => (
                    <li key={course.id} className="item-list__row item-list__row--course">
                      <div>
                        <strong>{course.name}</strong>
                        <p className="muted">{course.description}</p>
                        <ol className="lessons">
                          {course.lessons.map((item) => (
                            <li key={item.id} className="lessons__item">
                              <span>{item.title}</span>
                              {course.owned && item.video_url ? (
                                <button
                                  type="button"
                                  className="button button--ghost"
                                  onClick={() => setLesson(item)}
                                >
                                  {t('shop:lessons.watch')}
                                </button>
                              ) : (
                                <span className="muted">
                                  {!course.owned
                                    ? t('shop:lessons.locked')
                                    : !item.has_video
                                      ? t('shop:lessons.noVideo')
                                      : t('shop:lessons.confirming')}
                                </span>
                              )}
                            </li>
                          ))}
                        </ol>
                      </div>
                      <span>
                        {course.owned ? (
                          <span className="badge">{t('shop:owned')}</span>
                        ) : (
                          money(course.price_in_user_currency)
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {product.premium_cost > 0 && (
              <p className="product__premium-line">
                {t('shop:payment.premiumLine')}: <strong>{money(product.premium_cost)}</strong>
              </p>
            )}
            {/* The server's total for this user, Premium included: the same the store card and the window show. */}
            {product.confirming && !product.all_owned ? (
              <p className="muted" role="status">
                {t('shop:confirming')}
              </p>
            ) : (
              !product.all_owned &&
              product.total > 0 && (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => (user ? openPackage(product) : onSignIn())}
                >
                  {t('shop:buyFor', { price: money(product.total) })}
                </button>
              )
            )}
          </>
        )}
      </AsyncState>
      {lesson && <LessonPlayer lesson={lesson} onClose={() => setLesson(null)} />}
    </div>
  );
}
