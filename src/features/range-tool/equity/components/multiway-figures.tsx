import './multiway.css';

import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';
import { useAtomValue } from '@/lib/store';

import { multiwayEquityAtom } from '../atoms';
import { formatStdError } from '../equity-rules';

/**
 * Each player's equity, win and tie when more than one villain is in the hand (the heads-up figures stay below),
 * marked exact or Monte Carlo; a Monte Carlo run shows its samples and standard error as they come in.
 */
export function MultiwayFigures() {
  const { t } = useTranslation();
  const format = useFormat();
  const result = useAtomValue(multiwayEquityAtom);
  if (!result) return null;
  const exact = result.method === 'exact';
  // The first snapshots of a run have no standard error yet: the count stands alone then.
  const error = formatStdError(result.stdError, format.language);
  const name = (key: string) => {
    if (key === 'hero') return t('ranges:equity.heroColors');
    return t('ranges:players.villain', { number: Number(key.slice('villain-'.length)) });
  };
  return (
    <section
      className="multiway-figures"
      data-testid="multiway-equity"
      data-method={result.method}
      aria-busy={result.running}
      aria-labelledby="multiway-title"
    >
      <header className="multiway-figures__head">
        <h3 id="multiway-title">{t('ranges:players.multiway')}</h3>
        <span
          className={`multiway-figures__method multiway-figures__method--${exact ? 'exact' : 'mc'}`}
          title={exact ? t('multiway:methodHint') : undefined}
        >
          {exact ? t('multiway:exact') : t('multiway:monteCarlo')}
        </span>
      </header>
      {!exact && (
        <p className="multiway-figures__live" data-testid="multiway-live" aria-live="polite">
          {error
            ? t('multiway:samples', { count: result.samples, error })
            : t('multiway:samplesOnly', { count: result.samples })}
          {result.running && ` · ${t('multiway:sampling')}`}
        </p>
      )}
      <table className="equity-stats">
        <thead>
          <tr>
            <th scope="col">{t('multiway:player')}</th>
            <th scope="col">{t('multiway:equity')}</th>
            <th scope="col">{t('multiway:win')}</th>
            <th scope="col">{t('multiway:tie')}</th>
          </tr>
        </thead>
        <tbody>
          {result.players.map((player, index) => {
            const key = result.keys[index] ?? `villain-${index}`;
            return (
              <tr key={key} data-player={key}>
                <th scope="row">{name(key)}</th>
                <td data-value={player.equity}>{format.percent(player.equity, 2)}</td>
                <td data-value={player.win}>{format.percent(player.win, 2)}</td>
                <td data-value={player.tie}>{format.percent(player.tie, 2)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
