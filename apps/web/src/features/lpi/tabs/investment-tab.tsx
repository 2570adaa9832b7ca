import type { LpiTabProps } from '../lib/scope';

/** The investment tab of the LPI profile: being built in this session. */
export default function InvestmentTab(_props: LpiTabProps) {
  return null;
}
