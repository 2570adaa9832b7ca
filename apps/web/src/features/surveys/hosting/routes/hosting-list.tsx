import { PageHeader } from '../../../../components/page-header/page-header';

export function HostingListRoute() {
  return <PageHeader title="Hosting" />;
}

export { HostingListRoute as Component };
