import { Text } from '@mantine/core';
import { SURVEY_STATUSES, type TSurveyInvitation } from '@parity/domain/survey-invitation';
import { useInvitations } from '../api/invitations';
import type { SurveyAction } from '../lib/survey-action';
import { SurveyTile } from './survey-tile';
import { SurveyTileGrid } from './survey-tile-grid';

export interface InvitationTilesProps {
  /** The tile's action (the list's purpose: take, read an archive, export). */
  actionOf: (invitation: TSurveyInvitation) => SurveyAction;
  /** Which invitations the page lists (all by default). */
  include?: (invitation: TSurveyInvitation) => boolean;
  /** The statuses offered by the filter (all by default). */
  statuses?: readonly string[];
  emptyMessage: string;
}

/**
 * The caller organization's invitations as tiles (GET /api/surveys/invitations?filter), each titled
 * by an h2: the lists sit right under their page's h1.
 */
export function InvitationTiles({
  actionOf,
  include,
  statuses = SURVEY_STATUSES,
  emptyMessage,
}: InvitationTilesProps) {
  return (
    <SurveyTileGrid
      useSurveys={useInvitations}
      statuses={statuses}
      include={include}
      renderTile={(invitation) => (
        <SurveyTile
          key={invitation.id}
          invitation={invitation}
          action={actionOf(invitation)}
          headingOrder={2}
        />
      )}
      empty={<Text c="dimmed">{emptyMessage}</Text>}
    />
  );
}
