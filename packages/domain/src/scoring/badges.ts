/**
 * Diverse-ownership badges (DESIGN 9): at least 25% ("substantially diverse-owned") or 50%
 * ("majority") of the ownership held by women (and non-binary owners) or by owners of colour. The
 * shares are those of ownership_score: normalised by the percentages of the owners whose
 * attribute is disclosed.
 */
import { BADGE_LABELS, BADGE_THRESHOLDS } from './constants';

export type TBadgeLevel = keyof typeof BADGE_THRESHOLDS;

export interface TOwnershipBadges {
  /** the highest level reached by either share, null when none */
  level: TBadgeLevel | null;
  label: string | null;
  women: TBadgeLevel | null;
  peopleOfColour: TBadgeLevel | null;
}

export function badgeLevel(share: number | null): TBadgeLevel | null {
  if (share === null) return null;
  if (share >= BADGE_THRESHOLDS.majority) return 'majority';
  if (share >= BADGE_THRESHOLDS.substantial) return 'substantial';
  return null;
}

/** Badges from the ownership-weighted shares Ew (women/non-binary) and Er (people of colour). */
export function ownershipBadges(ew: number | null, er: number | null): TOwnershipBadges {
  const women = badgeLevel(ew);
  const peopleOfColour = badgeLevel(er);
  const level =
    women === 'majority' || peopleOfColour === 'majority' ? 'majority' : (women ?? peopleOfColour ?? null);
  return { level, label: level === null ? null : BADGE_LABELS[level], women, peopleOfColour };
}
