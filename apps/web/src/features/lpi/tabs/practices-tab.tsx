import type { LpiTabProps } from '../lib/scope';

/** The practices tab of the LPI profile: being built in this session. */
export default function PracticesTab(_props: LpiTabProps) {
  return null;
}
