import type { LpiTabProps } from '../lib/scope';

/** The committee tab of the LPI profile: being built in this session. */
export default function CommitteeTab(_props: LpiTabProps) {
  return null;
}
