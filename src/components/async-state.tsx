import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AsyncStateProps {
  loading: boolean;
  error: string | null;
  empty: boolean;
  emptyText: string;
  onRetry?: () => void;
  children: ReactNode;
}

/** The spinner line every page and list shows while it loads; `text` replaces the generic "Loading…". */
export function LoadingState({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <p className="state state--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {text ?? t('common:states.loading')}
    </p>
  );
}

/** The loading, error and empty states every list shows before its content. */
export function AsyncState({ loading, error, empty, emptyText, onRetry, children }: AsyncStateProps) {
  const { t } = useTranslation();
  if (loading) return <LoadingState />;
  if (error) {
    return (
      <div className="state state--error" role="alert">
        <p>
          {t('common:errors.loadFailed')}: {error}
        </p>
        {onRetry && (
          <button type="button" className="button button--ghost" onClick={onRetry}>
            {t('common:actions.retry')}
          </button>
        )}
      </div>
    );
  }
  if (empty) return <p className="state state--empty">{emptyText}</p>;
  return <>{children}</>;
}
