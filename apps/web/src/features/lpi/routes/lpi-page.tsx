import { LPI_PAGES, type TLpiPage } from '@parity/domain/lpi/tabs';
import { type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { LpiProfile } from '../components/profile/lpi-profile';

const SCOPE = { kind: 'organization' } as const;

const isPage = (value: string | undefined): value is TLpiPage => LPI_PAGES.includes(value as TLpiPage);

/** An unknown page goes to /404 (spec 2). */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isPage(params.page)) throw redirect('/404');
  return null;
}

/**
 * /lpi/{page}: the organization's LPI (Transparency Index) profile, one page per tab (spec 2): the
 * same editor as the reporting page, Submit included.
 */
export function Component() {
  const { page } = useParams();
  if (!isPage(page)) return null;
  return <LpiProfile scope={SCOPE} page={page} basePath="/lpi" title="LPI profile" />;
}
