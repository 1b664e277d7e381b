import { useParams } from 'react-router-dom';

import { PrintPage } from '@/features/range-tool/print/components/print-page';

import { NotFound } from './pages';

/** /print/:id: a saved chart, or every chart of a folder or tournament, laid out for paper. */
export function PrintRoute() {
  const { id } = useParams();
  const value = Number(id);
  if (!Number.isInteger(value) || value < 1) return <NotFound />;
  return <PrintPage key={value} id={value} />;
}
