import type { LpiTabProps } from '../lib/scope';

/** The staff tab of the LPI profile: being built in this session. */
export default function StaffTab(_props: LpiTabProps) {
  return null;
}
