import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { pushToast } from '@/lib/toast';
import type { AdminItem } from '@contract/admin';

import { setItemPublished } from '../api';

/**
 * The item's status (draft or published) and the action that changes it. The server decides: a course whose
 * lessons lack a video is refused, and the refusal is shown here with the lessons to finish.
 */
export function PublishControl({ item, onChanged }: { item: AdminItem; onChanged: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await setItemPublished(item.id, !item.published);
      pushToast(item.published ? t('walk:courses.unpublished') : t('walk:courses.published'), 'success');
      onChanged();
    } catch (cause) {
      setError(refusal(cause));
    } finally {
      setBusy(false);
    }
  };

  const refusal = (cause: unknown): string => {
    if (cause instanceof ApiError && cause.code === 'lessonsWithoutVideo') {
      const missing = item.lessons.filter((lesson) => !lesson.has_video).map((lesson) => lesson.title);
      // The list may predate an upload made elsewhere; the server's text names the lessons it found.
      if (missing.length > 0)
        return t('walk:courses.missingVideos', { count: missing.length, lessons: missing.join(', ') });
      return cause.message;
    }
    return errorMessage(cause, t);
  };

  return (
    <>
      <span className={item.published ? 'badge' : 'badge badge--premium'}>
        {item.published ? t('walk:courses.statusPublished') : t('walk:courses.statusDraft')}
      </span>{' '}
      <button
        type="button"
        className={item.published ? 'button button--ghost' : 'button button--primary'}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {item.published ? t('walk:courses.unpublish') : t('walk:courses.publish')}
      </button>
      {item.published && item.owners > 0 && (
        <span className="muted"> {t('walk:courses.owners', { count: item.owners })}</span>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
