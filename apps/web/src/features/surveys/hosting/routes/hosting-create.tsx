import { PageHeader } from '../../../../components/page-header/page-header';

export function HostingCreateRoute() {
  return <PageHeader title="Create Request" />;
}

export { HostingCreateRoute as Component };
