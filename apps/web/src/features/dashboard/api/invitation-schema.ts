/**
 * The domain's invitation list schema, loaded beside the request that needs it: the survey
 * schemas (and the zod parts they use) stay out of the dashboard's first load.
 */
export async function invitationListSchema() {
  return (await import('@parity/domain/survey-invitation')).ZSurveyInvitationList;
}
