import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyButton } from '@/components/copy-button';
import { Popup } from '@/components/popup';
import { errorMessage } from '@/lib/error-message';
import { publicChartUrl, type PublicLink, publicLinksApi } from '@/lib/public-links';
import type { TreeNode } from '@contract/categories';

type State =
  | { status: 'idle' }
  | { status: 'working' }
  | { status: 'published'; link: PublicLink }
  | { status: 'revoked' }
  | { status: 'failed'; message: string };

/**
 * A chart's read-only link for people without an account: made on request (the live one when the chart has one),
 * copied, opened or revoked here, and listed in the profile. The dialog says plainly that the link shows the chart
 * live, later edits and its note included.
 */
export function PublicLinkPopup({ node, onClose }: { node: TreeNode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle' });
  // The library keys the dialog by the chart, so another chart starts from the explanation, not this one's link.
  const nodeId = node?.id ?? null;

  const run = async (work: () => Promise<State>) => {
    setState({ status: 'working' });
    try {
      setState(await work());
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error, t) });
    }
  };
  const publish = () =>
    run(async () => ({ status: 'published', link: await publicLinksApi.publish(nodeId!) }));
  const revoke = (link: PublicLink) =>
    run(async () => {
      await publicLinksApi.revoke(link.id);
      return { status: 'revoked' };
    });
  const url = state.status === 'published' ? publicChartUrl(state.link.id) : null;

  return (
    <Popup
      open={node !== null}
      title={t('ranges:publicLink.title', { name: node?.name ?? '' })}
      onClose={onClose}
      width={550}
    >
      <p>{t('ranges:publicLink.live')}</p>
      <p className="muted">{t('ranges:publicLink.referral')}</p>
      {url && state.status === 'published' && (
        <div className="public-link">
          <label className="visually-hidden" htmlFor="public-link-url">
            {t('ranges:publicLink.address')}
          </label>
          <input
            id="public-link-url"
            className="public-link__url"
            readOnly
            value={url}
            data-testid="public-link-url"
          />
          <CopyButton text={url} label={t('ranges:publicLink.copy')} />
        </div>
      )}
      {state.status === 'revoked' && <p role="status">{t('ranges:publicLink.revoked')}</p>}
      {state.status === 'failed' && (
        <p className="range-error" role="alert">
          {state.message}
        </p>
      )}
      <div className="range-popup-actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('ranges:publicLink.close')}
        </button>
        {state.status === 'published' ? (
          <>
            <a className="button button--ghost" href={url!} target="_blank" rel="noopener noreferrer">
              {t('ranges:publicLink.open')}
            </a>
            <button type="button" className="button button--danger" onClick={() => void revoke(state.link)}>
              {t('ranges:publicLink.revoke')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={state.status === 'working' || nodeId === null}
            onClick={() => void publish()}
          >
            {t('ranges:publicLink.publish')}
          </button>
        )}
      </div>
    </Popup>
  );
}
