import { PageHeader } from '../../../../components/page-header/page-header';

export function HostingAccessingRoute() {
  return <PageHeader title="Accessing" />;
}

export { HostingAccessingRoute as Component };
