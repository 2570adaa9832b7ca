import type { LpiTabProps } from '../lib/scope';

/** The overview tab of the LPI profile: being built in this session. */
export default function OverviewTab(_props: LpiTabProps) {
  return null;
}
