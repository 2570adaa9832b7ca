import scoring from '../../../../../../docs/scoring.md?raw';
import { Markdown } from '../lib/markdown';

/**
 * /scoring (public): how Parity computes its scores, rendered from docs/scoring.md itself, so the
 * page the figures link to says what the code does (the domain's docs test checks that file).
 */
export function ScoringRoute() {
  return <Markdown source={scoring} />;
}

export { ScoringRoute as Component };
