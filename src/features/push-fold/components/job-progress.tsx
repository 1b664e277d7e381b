import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';

import type { JobState } from '../atoms';

/**
 * A solve's state under its buttons: the progress while it runs, that it was stopped, or why it failed with a
 * retry. Announced politely; the failure as an alert.
 */
export function JobProgress({
  job,
  label,
  onRetry,
}: {
  job: Pick<JobState<unknown, unknown>, 'status' | 'progress' | 'error'>;
  label: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="push-fold-progress" aria-live="polite" data-status={job.status}>
      {job.status === 'running' && (
        <>
          <progress className="push-fold-progress__bar" max={1} value={job.progress} aria-label={label} />
          <p className="muted push-fold-progress__text">
            {t('pushFold:solve.running', { percent: format.percent(job.progress, 0) })}
          </p>
        </>
      )}
      {job.status === 'stopped' && <p className="muted">{t('pushFold:solve.stopped')}</p>}
      {job.status === 'failed' && (
        <div className="state state--error" role="alert">
          <p>
            {job.error?.kind === 'download'
              ? t('pushFold:solve.downloadFailed')
              : t('pushFold:solve.failed', { reason: job.error?.message ?? '' })}
          </p>
          <button type="button" className="button button--ghost" onClick={onRetry}>
            {t('common:actions.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
