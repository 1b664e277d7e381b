import { useTranslation } from 'react-i18next';

import { useEngineInfo } from '../use-engine-info';

/** The equity engine's state in the panel head: starting, ready with its version, or failed with the reason. */
export function EngineStatus() {
  const { t } = useTranslation();
  const engine = useEngineInfo();
  return (
    <span className={`equity-engine equity-engine--${engine.state}`} data-testid="engine-status">
      {engine.state === 'ready' && t('equity:engine.ready', { version: engine.version })}
      {engine.state === 'loading' && t('equity:engine.loading')}
      {engine.state === 'error' && t('equity:engine.failed', { message: engine.message })}
    </span>
  );
}
