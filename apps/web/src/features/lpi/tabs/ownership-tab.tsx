import type { LpiTabProps } from '../lib/scope';

/** The ownership tab of the LPI profile: being built in this session. */
export default function OwnershipTab(_props: LpiTabProps) {
  return null;
}
