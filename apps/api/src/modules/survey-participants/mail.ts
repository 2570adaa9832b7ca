import type { MailMessage } from '../../plugins/mailer';

// The mails of a survey's host to its respondents: the invitation and the reminder. Plain text,
// with the survey's title, its host, its due date and a link to the survey's page.

interface SurveyMailInput {
  to: string;
  /** the addressee's name, when known */
  name: string | null;
  organizationName: string;
  surveyTitle: string;
  hostName: string;
  due: string;
  link: string;
}

const greeting = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');

export function invitationMail(input: SurveyMailInput): MailMessage {
  return {
    to: input.to,
    subject: `${input.hostName} invites ${input.organizationName} to the survey ${input.surveyTitle}`,
    text: [
      greeting(input.name),
      '',
      `${input.hostName} invites ${input.organizationName} to respond to its survey "${input.surveyTitle}".`,
      `Please submit your organization's response by ${input.due}.`,
      '',
      `Open the survey: ${input.link}`,
      '',
      'If your organization cannot take part, you can decline the invitation from the survey page.',
    ].join('\n'),
  };
}

export function reminderMail(input: SurveyMailInput): MailMessage {
  return {
    to: input.to,
    subject: `Reminder: ${input.surveyTitle} is due by ${input.due}`,
    text: [
      greeting(input.name),
      '',
      `${input.hostName} reminds you that ${input.organizationName} has not yet submitted its response to "${input.surveyTitle}".`,
      `The survey is due by ${input.due}.`,
      '',
      `Continue the survey: ${input.link}`,
    ].join('\n'),
  };
}
