import type { LpiTabProps } from '../lib/scope';

/** The policies tab of the LPI profile: being built in this session. */
export default function PoliciesTab(_props: LpiTabProps) {
  return null;
}
