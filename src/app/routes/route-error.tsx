import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A route's error boundary (react-router's `errorElement`): a page that throws while rendering shows this in its
 * place, with the header and footer still working. Retry navigates to the same address again, which is what resets
 * react-router's boundary and renders the page anew.
 */
export function RouteError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <section className="card not-found route-error" role="alert">
      <h1>{t('common:routeError.title')}</h1>
      <p className="muted">{t('common:routeError.text')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void navigate(location, { replace: true })}
      >
        {t('common:routeError.retry')}
      </button>
    </section>
  );
}
