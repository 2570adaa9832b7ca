import type { LpiTabProps } from '../lib/scope';

/** The board tab of the LPI profile: being built in this session. */
export default function BoardTab(_props: LpiTabProps) {
  return null;
}
