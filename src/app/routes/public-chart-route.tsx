import { useParams } from 'react-router-dom';

import { PublicChartPage } from '@/features/public-chart/components/public-chart-page';

/** /c/:link: a chart someone published, open to anyone with the link. */
export function PublicChartRoute() {
  const { link = '' } = useParams();
  return <PublicChartPage key={link} link={link} />;
}
