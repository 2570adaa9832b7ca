import { PageHeader } from '../../../../components/page-header/page-header';

export function SurveyOverviewRoute() {
  return <PageHeader title="Survey" />;
}

export { SurveyOverviewRoute as Component };
