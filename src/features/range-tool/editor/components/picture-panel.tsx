import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAtomValue } from '@/lib/store';

import { categoryIdAtom, rangeOwnerAtom } from '../../shared/atoms';
import { printPath } from '../../shared/print-path';
import { downloadChartPicture } from '../chart-picture';

/**
 * The chart as a picture to share in a chat (PNG, or SVG for print and editing) and on paper: a saved chart opens
 * its print page; the tool's unsaved chart is printed as the page shows it (the print stylesheet keeps the chart,
 * its legend and its note).
 */
export function PicturePanel() {
  const { t } = useTranslation();
  const id = useAtomValue(categoryIdAtom);
  const owner = useAtomValue(rangeOwnerAtom);
  const [failed, setFailed] = useState<string | null>(null);
  const download = async (kind: 'png' | 'svg') => {
    try {
      await downloadChartPicture(kind);
      setFailed(null);
    } catch (error) {
      setFailed(t('ranges:picture.failed', { message: (error as Error).message }));
    }
  };
  return (
    <div className="range-toolbar__picture">
      <div className="range-toolbar__row">
        <button type="button" className="button button--ghost" onClick={() => void download('png')}>
          {t('ranges:picture.png')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => void download('svg')}>
          {t('ranges:picture.svg')}
        </button>
        {id !== null && owner !== null ? (
          <Link className="button button--ghost" to={printPath(id)}>
            {t('ranges:picture.print')}
          </Link>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => window.print()}>
            {t('ranges:picture.print')}
          </button>
        )}
      </div>
      <p className="muted range-toolbar__hint">{t('ranges:picture.hint')}</p>
      {failed && (
        <p className="range-error" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}
