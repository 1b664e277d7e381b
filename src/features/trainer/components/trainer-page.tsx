import './trainer.css';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { seededRandom } from '../trainer-rules';
import { ChartPicker, type DrillSelection } from './chart-picker';
import { Drill } from './drill';

/** A fresh seed per visit: drills differ from visit to visit, while tests seed the same rules for exact deals. */
const freshSeed = () => crypto.getRandomValues(new Uint32Array(1))[0]!;

/** The trainer: pick a chart or a folder, then drill it hand by hand. */
export function TrainerPage() {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<DrillSelection | null>(null);
  const [random] = useState(() => seededRandom(freshSeed()));
  return (
    <div className="trainer">
      <header className="page-head trainer__head">
        <div>
          <h1>{t('trainer:title')}</h1>
          <p className="muted">{selection ? selection.title : t('trainer:intro')}</p>
        </div>
        {selection && (
          <button type="button" className="button button--ghost" onClick={() => setSelection(null)}>
            {t('trainer:drill.change')}
          </button>
        )}
      </header>
      {selection ? (
        <Drill key={selection.ids.join(',')} chartIds={selection.ids} random={random} />
      ) : (
        <ChartPicker onPick={setSelection} />
      )}
    </div>
  );
}
