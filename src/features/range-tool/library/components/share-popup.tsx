import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';
import type { TreeNode } from '@contract/categories';

import { useShare } from '../use-range-library';

/**
 * Shares one own category with users found by name (Premium: free users get the Premium window instead of this
 * dialog, and a 402 from the server closes it before the Premium window opens).
 */
export function SharePopup({ node, onClose }: { node: TreeNode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { users, status, find, share } = useShare(node?.id ?? null);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    void find(query);
  };
  const close = () => {
    setChosen([]);
    setQuery('');
    onClose();
  };

  return (
    <Popup open={node !== null} title={t('ranges:share.title', { name: node?.name ?? '' })} onClose={close}>
      <form className="share-search" onSubmit={search}>
        <label htmlFor={id}>{t('ranges:share.find')}</label>
        <input id={id} value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" className="button" disabled={!query.trim()}>
          {t('ranges:share.search')}
        </button>
      </form>
      <ul className="share-users">
        {users.map((user) => (
          <li key={user.id}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(user.id)}
                onChange={() =>
                  setChosen(
                    chosen.includes(user.id)
                      ? chosen.filter((value) => value !== user.id)
                      : [...chosen, user.id],
                  )
                }
              />
              {user.username}
            </label>
          </li>
        ))}
      </ul>
      {status === 'searching' && <p className="muted">{t('ranges:share.searching')}</p>}
      {status === 'shared' && <p role="status">{t('ranges:share.done')}</p>}
      {status === 'error' && (
        <p className="range-error" role="alert">
          {t('ranges:share.failed')}
        </p>
      )}
      <div className="range-popup-actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('ranges:library.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!chosen.length || status === 'sharing'}
          onClick={async () => {
            // The Premium window never opens on top of this dialog: it closes first.
            if ((await share(chosen)) === 'premium') close();
          }}
        >
          {t('ranges:share.submit')}
        </button>
      </div>
    </Popup>
  );
}
