import type { TLpiPage } from '@parity/domain/lpi/tabs';
import { type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { LpiProfile } from '../components/profile/lpi-profile';
import { REPORTING_SLUGS } from '../lib/navigation';

const SCOPE = { kind: 'organization' } as const;

/**
 * The reporting page's options (spec 2: organizations.private.lpi), in order, and the profile page
 * each shows: 'staff' is the /lpi 'fte' page. 'analytics' has its own route (features/analytics).
 */
export const REPORTING_OPTIONS: Record<string, TLpiPage> = {
  overview: 'overview',
  staff: 'fte',
  ownership: 'ownership',
  insights: 'insights',
  investment: 'investment',
  committee: 'committee',
  board: 'board',
  policies: 'policies',
  practices: 'practices',
};

const pageOf = (option: string | undefined): TLpiPage | undefined =>
  option !== undefined && Object.hasOwn(REPORTING_OPTIONS, option) ? REPORTING_OPTIONS[option] : undefined;

/** An unknown option goes to /404 (spec 2). */
export function loader({ params }: LoaderFunctionArgs) {
  if (!pageOf(params.page)) throw redirect('/404');
  return null;
}

/** /organizations/private/lpi/{option}: my organization's reporting, with Submit. */
export function Component() {
  const page = pageOf(useParams().page);
  if (!page) return null;
  return (
    <LpiProfile
      scope={SCOPE}
      page={page}
      basePath="/organizations/private/lpi"
      slugs={REPORTING_SLUGS}
      title="Reporting"
    />
  );
}
