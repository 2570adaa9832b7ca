import { useQuery } from '@tanstack/react-query';
import { healthcheckQueryOptions } from '../../../lib/account';

/** The signed-in user's profile completeness (lib/account.ts's read), for the prompt and the dashboard. */
export function useProfileHealthcheck() {
  return useQuery(healthcheckQueryOptions());
}
