import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyButton } from '@/components/copy-button';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { publicChartUrl, type PublicLink, publicLinksApi } from '@/lib/public-links';

type State =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; links: PublicLink[] };

/**
 * The player's live public links: each chart's name, when it was published and its address to copy, with a button
 * that revokes it (the link then stops working for everyone who has it). Charts are published from the library.
 */
export function PublicLinks() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    publicLinksApi.list(controller.signal).then(
      (links) => setState({ status: 'ready', links }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, []);

  const revoke = async (link: PublicLink) => {
    setRevoking(link.id);
    setProblem(null);
    try {
      await publicLinksApi.revoke(link.id);
      setState((current) =>
        current.status === 'ready'
          ? { status: 'ready', links: current.links.filter((entry) => entry.id !== link.id) }
          : current,
      );
    } catch (error) {
      setProblem(errorMessage(error, t));
    } finally {
      setRevoking(null);
    }
  };

  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <section className="card public-links" aria-labelledby="profile-public-links-title">
      <h2 id="profile-public-links-title" className="section-title">
        {t('profile:publicLinks.title')}
      </h2>
      <p className="muted">{t('profile:publicLinks.text')}</p>
      {state.status === 'loading' && <p className="muted">{t('profile:publicLinks.loading')}</p>}
      {state.status === 'failed' && (
        <p className="form__error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && state.links.length === 0 && (
        <p className="muted">{t('profile:publicLinks.empty')}</p>
      )}
      {state.status === 'ready' && state.links.length > 0 && (
        <ul className="public-links__list">
          {state.links.map((link) => {
            const url = publicChartUrl(link.id);
            return (
              <li key={link.id} className="public-links__item" data-link-id={link.id}>
                <div className="public-links__head">
                  <a href={url} target="_blank" rel="noopener noreferrer" className="public-links__name">
                    {link.name}
                  </a>
                  <span className="muted">
                    {t('profile:publicLinks.published', { date: formatDateTime(link.created_at, language) })}
                  </span>
                </div>
                <div className="copy-field">
                  <input
                    className="field__input"
                    readOnly
                    value={url}
                    aria-label={t('profile:publicLinks.address', { name: link.name })}
                    onFocus={(event) => event.target.select()}
                  />
                  <CopyButton text={url} label={t('profile:publicLinks.copy')} />
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={revoking === link.id}
                    aria-label={t('profile:publicLinks.revokeNamed', { name: link.name })}
                    onClick={() => void revoke(link)}
                  >
                    {t('profile:publicLinks.revoke')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
