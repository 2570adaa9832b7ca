import type { LpiTabProps } from '../lib/scope';

/** The insights tab of the LPI profile: being built in this session. */
export default function InsightsTab(_props: LpiTabProps) {
  return null;
}
