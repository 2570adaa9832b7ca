import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  constantValue,
  importsOf,
  normalizeMessage,
  parse,
  resolveImport,
  textsOf,
  UNREADABLE,
  usesOf,
  type Value,
} from './source-facts';

/*
 * Spec conformance (DESIGN 8): every message and constant of spec sections 5 (validation rules),
 * 8 (the error catalogue) and 9 (business constants and limits), transcribed below as data, with
 * the code that must use it. The test reads that code: a constant must be written with the spec's
 * value where it is defined, and be used (imported from there) by each module listed; a text
 * written where it is used must be there. Removing a use, not only a definition, fails it.

 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const exists = (file: string) => fs.existsSync(path.join(repoRoot, file));
const sources = new Map<string, ts.SourceFile>();
function source(file: string): ts.SourceFile {
  let parsed = sources.get(file);
  if (!parsed) {
    parsed = parse(file, fs.readFileSync(path.join(repoRoot, file), 'utf8'));
    sources.set(file, parsed);
  }
  return parsed;
}

const D = 'packages/domain/src/';
const W = 'apps/web/src/';
const A = 'apps/api/src/';

/** A constant written once (`defined`: 'file#NAME' or 'file#NAME.key') and used by `usedIn`. */
interface Constant {
  section: 5 | 8 | 9;
  /** The spec's words. */
  spec: string;
  /** As the spec gives it; a message's placeholders as {n}, {label}... Omitted: not a literal. */
  value?: Value;
  /** The spec gives part of the text. */
  contains?: true;
  defined: string;
  usedIn: readonly string[];
}

/** A text written where it is used (no named constant): each file in `usedIn` must contain it. */
interface Text {
  section: 5 | 8 | 9;
  spec: string;
  text: string;
  usedIn: readonly string[];
}

const RULES = `${D}validation/rules.ts`;
const LABELLED = `${D}validation/labelled.ts`;
const API_CLIENT = `${W}lib/api-client.ts`;
const PHONE_INPUT = `${W}components/phone-input/phone-input.tsx`;
const FEEDBACK = `${D}feedback.ts`;
const CALENDAR = `${D}calendar/events.ts`;
const CALENDAR_VIEW = `${W}features/calendar/components/calendar-view.tsx`;
const FEEDBACK_FORM = `${W}features/feedback/components/feedback-form.tsx`;
const TYPE_AHEAD = `${W}components/type-ahead/type-ahead.ts`;
const DASHBOARD_TITLE = `${W}features/dashboard/components/dashboard-title.tsx`;

/** Spec 5's generic field rules: each message in MESSAGES, used by its rule in rules.ts. */
const rule = (name: string, spec: string, value: string, contains?: true): Constant => ({
  section: 5,
  spec,
  value,
  ...(contains ? { contains } : {}),
  defined: `${RULES}#MESSAGES.${name}`,
  usedIn: [RULES],
});

const CONSTANTS: readonly Constant[] = [
  // --- 5. Validation rules: generic field rules --------------------------------------------------
  rule('required', "required ('Field is empty')", 'Field is empty'),
  rule('accepted', "accepted ('Value must be accepted')", 'Value must be accepted'),
  rule('after', "after ('Date must be after {date}')", 'Date must be after {date}'),
  rule('after_or_equal', 'after_or_equal (etc.)', 'Date must be after or equal to {date}'),
  rule('before', 'before (etc.)', 'Date must be before {date}'),
  rule('before_or_equal', 'before_or_equal (etc.)', 'Date must be before or equal to {date}'),
  rule('between', 'between (etc.)', 'Date must be between {from} and {to}'),
  rule('not_between', 'not_between (etc.)', 'Date must not be between {from} and {to}'),
  rule('alpha', 'alpha', 'Value must contain only letters'),
  rule('alpha_dash', 'alpha_dash', 'Value must contain only letters, numbers, dashes and underscores'),
  rule('alpha_num', 'alpha_num', 'Value must contain only letters and numbers'),
  rule(
    'min_char',
    "min_char ('Value must be at least N characters long')",
    'Value must be at least {n} characters long',
  ),
  rule('max_char', "max_char ('not more than N')", 'not more than {n}', true),
  rule('regex', "regex ('Value format is invalid')", 'Value format is invalid'),
  rule('gt', 'gt', 'Value must be greater than {n}'),
  rule('gte', 'gte', 'Value must be greater than or equal to {n}'),
  rule('lt', 'lt', 'Value must be less than {n}'),
  rule('lte', 'lte', 'Value must be less than or equal to {n}'),
  rule('min', 'min', 'Value must be at least {n}'),
  rule('max', 'max', 'Value must be not more than {n}'),
  rule('in_range', 'in_range', 'Value must be between {a} and {b}'),
  rule('not_in_range', 'not_in_range', 'Value must not be between {a} and {b}'),
  rule(
    'min_array',
    "min_array ('Value must include at least N options')",
    'Value must include at least {n} options',
  ),
  rule('max_array', "max_array ('Value must include ... N options')", 'Value must include', true),
  rule('option', "'Value is not an allowed option'", 'Value is not an allowed option'),
  rule('tree_option', "'Value is not an allowed tree option'", 'Value is not an allowed tree option'),
  rule('invalid', "'Field Value is invalid'", 'Field Value is invalid'),
  rule('money', 'Types: money >= 0', 'Value must be a positive amount'),
  rule('percentage', 'Types: percentage 0 to 100', 'Value must be a percentage from 0 to 100'),
  rule('email', 'Types: email', 'Value must be a valid email address'),
  rule('url', 'Types: url', 'Value must be a valid URL'),
  rule('google_address', 'Types: google-address needs place_id', 'Choose an address from the list'),
  {
    section: 5,
    spec: 'Types: phone',
    value: 'Value must be a valid phone number',
    defined: `${RULES}#MESSAGES.phone`,
    usedIn: [`${D}validation/phone.ts`, PHONE_INPUT],
  },
  // Password
  {
    section: 5,
    spec: 'Password: 12 to 255 characters',
    value: 12,
    defined: `${D}constants.ts#PASSWORD_MIN_LENGTH`,
    usedIn: [`${D}auth.ts`],
  },
  {
    section: 5,
    spec: 'Password: 12 to 255 characters',
    value: 255,
    defined: `${D}constants.ts#PASSWORD_MAX_LENGTH`,
    usedIn: [`${D}auth.ts`],
  },
  {
    section: 5,
    spec: 'Password: a sign from -#$.%&*@!?',
    value: '-#$.%&*@!?',
    defined: `${D}auth.ts#PASSWORD_SIGNS`,
    usedIn: [`${D}auth.ts`],
  },
  {
    section: 5,
    spec: "Password message 'Password must be from 12 to 255 characters, include at least one capital letter, one sign and one number'",
    value:
      'Password must be from 12 to 255 characters, include at least one capital letter, one sign and one number',
    defined: `${D}auth.ts#PASSWORD_RULE_MESSAGE`,
    // The fields show it as their error through ZPassword; their description is PASSWORD_RULE_HINT.
    usedIn: [`${D}auth.ts`, `${A}core/auth/passwords.ts`, `${W}features/public/components/form-samples.tsx`],
  },
  // Profiles and accounts
  {
    section: 5,
    spec: "Profile save requires name and lastname ('Please, populate required data:')",
    value: 'Please, populate required data:',
    defined: `${D}account.ts#PROFILE_REQUIRED_MESSAGE`,
    usedIn: [`${A}modules/users/service.ts`, `${W}features/users/lib/profile.ts`],
  },
  // Organization form
  {
    section: 5,
    spec: 'ticker_symbol max 10 characters (spec 9: Ticker max 10 characters)',
    value: 10,
    defined: `${D}constants.ts#TICKER_MAX_LENGTH`,
    usedIn: [`${D}organization-form.ts`],
  },
  {
    section: 5,
    spec: 'publicly traded editable only when legal structure is 1',
    value: 1,
    defined: `${D}organization-form.ts#PUBLICLY_TRADED_LEGAL_STRUCTURE`,
    usedIn: [`${D}organization-form.ts`],
  },
  // Ownership/leadership row (spec 9: identification ids 17, 19, 20)
  {
    section: 5,
    spec: 'corporate_title_id and date_of_joining required only when identification is 17',
    value: 17,
    defined: `${D}constants.ts#IDENTIFICATION_IDS.EMPLOYEE`,
    usedIn: [`${D}lpi/individuals.ts`],
  },
  {
    section: 5,
    spec: 'gender_id and ethnicity_id required when 17, 19 or 20',
    value: [17, 19, 20],
    defined: `${D}constants.ts#DEMOGRAPHIC_IDENTIFICATION_IDS`,
    usedIn: [`${D}lpi/individuals.ts`],
  },
  {
    section: 5,
    spec: 'Owner percentages should total 100.00 (spec 9: Required ownership total 100.00%)',
    value: 100,
    defined: `${D}constants.ts#REQUIRED_OWNERSHIP_TOTAL`,
    usedIn: [`${D}lpi/individuals.ts`],
  },
  // Forms in general
  {
    section: 5,
    spec: "Forms validated with the message 'Invalid map or data' (spec 8: the validation message)",
    value: 'Invalid map or data',
    defined: `${D}lpi/forms.ts#INVALID_FORM_MESSAGE`,
    usedIn: [`${A}modules/lpi/tabs/overview/service.ts`, `${W}features/lpi/tabs/practices-tab.tsx`],
  },
  {
    section: 5,
    spec: "Submit requires accepting terms (spec 8: 'Please, accept terms and conditions')",
    value: 'Please, accept terms and conditions',
    defined: `${D}surveys.ts#ACCEPT_TERMS_MESSAGE`,
    usedIn: [`${A}modules/lpi/engine/submit.ts`, `${W}features/surveys/taking/components/submit-step.tsx`],
  },
  // Feedback (spec 9: rating 1 to 10)
  {
    section: 5,
    spec: "Feedback rating required, a number ('Thumbs is a required field')",
    value: 'Thumbs is a required field',
    defined: `${FEEDBACK}#FEEDBACK_REQUIRED_MESSAGE`,
    usedIn: [FEEDBACK],
  },
  // Phone number (spec 9: phone input maxlength 25)
  {
    section: 5,
    spec: 'Phone national length 2 to 17',
    value: 2,
    defined: `${D}validation/phone.ts#PHONE_NATIONAL_MIN`,
    usedIn: [`${D}validation/phone.ts`],
  },
  {
    section: 5,
    spec: 'Phone national length 2 to 17',
    value: 17,
    defined: `${D}validation/phone.ts#PHONE_NATIONAL_MAX`,
    usedIn: [`${D}validation/phone.ts`],
  },
  {
    section: 5,
    spec: 'Phone input maxlength default 25',
    value: 25,
    defined: `${D}validation/phone.ts#PHONE_INPUT_MAXLENGTH`,
    usedIn: [PHONE_INPUT],
  },

  // --- 8. The error catalogue: request errors ----------------------------------------------------
  {
    section: 8,
    spec: 'Any request error shows an alert titled Error',
    value: 'Error',
    defined: `${API_CLIENT}#ERROR_ALERT_TITLE`,
    usedIn: [API_CLIENT],
  },
  {
    section: 8,
    spec: "With neither response nor request, 'An unexpected error occurred'",
    value: 'An unexpected error occurred',
    defined: `${API_CLIENT}#UNEXPECTED_ERROR_MESSAGE`,
    usedIn: [API_CLIENT],
  },
  {
    section: 8,
    spec: "No response: status 0, 'No response received from server. Please check your internet connection.'",
    value: 'No response received from server. Please check your internet connection.',
    defined: `${API_CLIENT}#NO_RESPONSE_MESSAGE`,
    usedIn: [API_CLIENT],
  },
  {
    section: 8,
    spec: '401: no alert, logs out, except on login, register and forgot-password paths',
    value: ['/login', '/register', '/login/forgot'],
    defined: `${API_CLIENT}#UNAUTHENTICATED_PATHS`,
    usedIn: [API_CLIENT],
  },
  {
    section: 8,
    spec: 'Login 419 goes to login.password',
    value: '/login/password',
    defined: `${W}features/auth/lib/redirect.ts#LOGIN_PASSWORD_PATH`,
    usedIn: [`${W}features/auth/routes/login.tsx`],
  },
  // --- 8. Alerts: errors ---------------------------------------------------------------------------
  {
    section: 8,
    spec: "Error: 'Invalid response' (malformed invitation data)",
    value: 'Invalid response',
    defined: `${W}features/signup/api/invitation.ts#INVALID_RESPONSE_MESSAGE`,
    usedIn: [`${W}features/signup/api/invitation.ts`],
  },
  {
    section: 8,
    spec: "Error: 'Not all steps are completed' (submit)",
    value: 'Not all steps are completed',
    defined: `${D}surveys.ts#NOT_ALL_STEPS_COMPLETED_MESSAGE`,
    usedIn: [`${A}modules/lpi/engine/submit.ts`],
  },
  {
    section: 8,
    spec: "'Error!' with 'LPI organization meta validation error'",
    value: 'LPI organization meta validation error',
    defined: `${D}lpi/overview.ts#META_VALIDATION_MESSAGE`,
    usedIn: [`${A}modules/lpi/tabs/overview/service.ts`, `${W}features/lpi/tabs/overview-tab.tsx`],
  },
  {
    section: 8,
    spec: "'Failed to load Survey Policy'",
    value: 'Failed to load Survey Policy',
    defined: `${D}lpi/policies.ts#POLICY_ALERTS.loadFailed`,
    usedIn: [`${W}features/lpi/tabs/policies-tab.tsx`],
  },
  {
    section: 8,
    spec: "feedback failure 'Error!' with 'Error'",
    value: { title: 'Error!', description: 'Error' },
    defined: `${FEEDBACK_FORM}#FEEDBACK_FAILURE`,
    usedIn: [FEEDBACK_FORM],
  },
  // --- 8. Alerts: success --------------------------------------------------------------------------
  {
    section: 8,
    spec: 'Success: Email sent (forgot password)',
    value: 'Email sent',
    defined: `${W}features/auth/routes/forgot.tsx#EMAIL_SENT`,
    usedIn: [`${W}features/auth/routes/forgot.tsx`],
  },
  {
    section: 8,
    spec: 'Success: Email sent (a new two-factor code)',
    value: 'Email sent',
    defined: `${W}features/auth/routes/verification.tsx#EMAIL_SENT`,
    usedIn: [`${W}features/auth/routes/verification.tsx`],
  },
  {
    section: 8,
    spec: 'Success: Email sent (an invitation)',
    value: 'Email sent',
    defined: `${W}features/organizations/components/invite-form.tsx#INVITATION_SENT`,
    usedIn: [`${W}features/organizations/components/invite-form.tsx`],
  },
  {
    section: 8,
    spec: 'Success: Verification completed (two-factor)',
    value: 'Verification completed',
    defined: `${W}features/auth/routes/verification.tsx#VERIFICATION_COMPLETED`,
    usedIn: [`${W}features/auth/routes/verification.tsx`],
  },
  {
    section: 8,
    spec: 'Success: User was updated',
    value: 'User was updated',
    defined: `${W}features/users/components/profile-edit-form.tsx#USER_UPDATED`,
    usedIn: [`${W}features/users/components/profile-edit-form.tsx`],
  },
  {
    section: 8,
    spec: 'Success: User Account Approved',
    value: 'User Account Approved',
    defined: `${W}features/organizations/routes/private-members.tsx#APPROVED_ALERT`,
    usedIn: [`${W}features/organizations/routes/private-members.tsx`],
  },
  {
    section: 8,
    spec: 'Success: User Account Decline',
    value: 'User Account Decline',
    defined: `${W}features/organizations/routes/private-members.tsx#DECLINED_ALERT`,
    usedIn: [`${W}features/organizations/routes/private-members.tsx`],
  },
  {
    section: 8,
    spec: 'Success: Survey deleted',
    value: 'Survey deleted',
    defined: `${D}survey-request.ts#SURVEY_DELETED_MESSAGE`,
    usedIn: [`${A}modules/survey-hosting/service.ts`, `${W}features/surveys/hosting/survey-host-actions.tsx`],
  },
  {
    section: 8,
    spec: "Success: Contacts table was updated (an organization's contacts)",
    value: 'Contacts table was updated',
    defined: `${D}organization-contacts.ts#CONTACTS_UPDATED_MESSAGE`,
    usedIn: [`${W}features/organizations/components/contact-form.tsx`],
  },
  {
    section: 8,
    spec: "Success: Contacts table was updated (a survey's contacts)",
    value: 'Contacts table was updated',
    defined: `${D}survey-participants.ts#CONTACTS_UPDATED_MESSAGE`,
    usedIn: [
      `${A}modules/survey-participants/service.ts`,
      `${W}features/surveys/hosting/survey-page/contacts-panel.tsx`,
    ],
  },
  {
    section: 8,
    spec: "Success: Contact deleted (an organization's contacts)",
    value: 'Contact deleted',
    defined: `${D}organization-contacts.ts#CONTACT_DELETED_MESSAGE`,
    usedIn: [`${A}modules/contacts/service.ts`, `${W}features/organizations/routes/private-contacts.tsx`],
  },
  {
    section: 8,
    spec: "Success: Contact deleted (a survey's contacts)",
    value: 'Contact deleted',
    defined: `${D}survey-participants.ts#CONTACT_DELETED_MESSAGE`,
    usedIn: [
      `${A}modules/survey-participants/service.ts`,
      `${W}features/surveys/hosting/survey-page/contacts-panel.tsx`,
    ],
  },
  {
    section: 8,
    spec: 'Success: Contact was invited',
    value: 'Contact was invited',
    defined: `${D}survey-participants.ts#CONTACT_INVITED_MESSAGE`,
    usedIn: [
      `${A}modules/survey-participants/service.ts`,
      `${W}features/surveys/hosting/survey-page/contacts-panel.tsx`,
    ],
  },
  {
    section: 8,
    spec: "Success: Administrator access granted successfully (a survey's administrators)",
    value: 'Administrator access granted successfully',
    defined: `${D}survey-request.ts#ADMINISTRATOR_ACCESS_GRANTED_MESSAGE`,
    usedIn: [`${A}modules/survey-hosting/service.ts`, `${W}features/surveys/hosting/survey-host-actions.tsx`],
  },
  {
    section: 8,
    spec: "Success: Administrator access granted successfully (an organization's permissions)",
    value: 'Administrator access granted successfully',
    defined: `${D}organization-members.ts#ADMIN_ACCESS_GRANTED_MESSAGE`,
    usedIn: [`${W}features/organizations/routes/private-permissions.tsx`],
  },
  {
    section: 8,
    spec: 'Success: Survey Details successfully updated',
    value: 'Survey Details successfully updated',
    defined: `${D}survey-request.ts#SURVEY_DETAILS_UPDATED_MESSAGE`,
    usedIn: [`${W}features/surveys/hosting/survey-host-actions.tsx`],
  },
  {
    section: 8,
    spec: "Titled 'Success!': 'Organization was updated'",
    value: 'Organization was updated',
    defined: `${D}organization-settings.ts#ORGANIZATION_UPDATED_MESSAGE`,
    usedIn: [
      `${A}modules/organizations/service.ts`,
      `${W}features/organizations/routes/private-settings.tsx`,
    ],
  },
  {
    section: 8,
    spec: "Titled 'Success!': 'Successfully saved!' (an LPI tab's save)",
    value: { title: 'Success!', description: 'Successfully saved!' },
    defined: `${W}features/lpi/lib/tab-editor.tsx#SAVE_SUCCESS`,
    usedIn: [
      `${W}features/lpi/components/grid/use-grid-unit.ts`,
      `${W}features/lpi/tabs/overview-tab.tsx`,
      `${W}features/lpi/tabs/ownership-tab.tsx`,
      `${W}features/lpi/tabs/board-tab.tsx`,
      `${W}features/lpi/tabs/practices-tab.tsx`,
    ],
  },
  {
    section: 8,
    spec: "Titled 'Success!': 'Policy was created'",
    value: 'Policy was created',
    defined: `${D}lpi/policies.ts#POLICY_ALERTS.created`,
    usedIn: [`${W}features/lpi/tabs/policies-tab.tsx`],
  },
  {
    section: 8,
    spec: "Titled 'Success!': 'Policy deleted'",
    value: 'Policy deleted',
    defined: `${D}lpi/policies.ts#POLICY_ALERTS.deleted`,
    usedIn: [`${W}features/lpi/tabs/policies-tab.tsx`],
  },
  {
    section: 8,
    spec: "Titled 'Success!': 'Survey Policy was loaded'",
    value: 'Survey Policy was loaded',
    defined: `${D}lpi/policies.ts#POLICY_ALERTS.loaded`,
    usedIn: [`${W}features/lpi/tabs/policies-tab.tsx`],
  },
  {
    section: 8,
    spec: "Titled 'Success!': 'Policy was updated'",
    value: 'Policy was updated',
    defined: `${D}lpi/policies.ts#POLICY_ALERTS.updated`,
    usedIn: [`${W}features/lpi/tabs/policies-tab.tsx`],
  },
  {
    section: 8,
    spec: "Titled 'Success!': 'Miscellaneous Question deleted'",
    value: 'Miscellaneous Question deleted',
    defined: `${D}lpi/forms.ts#MISC_QUESTION_DELETED_MESSAGE`,
    usedIn: [`${A}modules/lpi/tabs/overview/service.ts`, `${W}features/lpi/tabs/practices-tab.tsx`],
  },
  {
    section: 8,
    spec: "Titled 'Success!': 'Labels updated!'",
    value: 'Labels updated!',
    defined: `${D}survey-participants.ts#LABELS_UPDATED_MESSAGE`,
    usedIn: [
      `${A}modules/survey-participants/service.ts`,
      `${W}features/surveys/hosting/survey-page/labels-editor.tsx`,
    ],
  },
  {
    section: 8,
    spec: "Titled 'Success!': 'Labels updated!' (its title)",
    value: 'Success!',
    defined: `${D}survey-participants.ts#LABELS_UPDATED_TITLE`,
    usedIn: [`${W}features/surveys/hosting/survey-page/labels-editor.tsx`],
  },
  {
    section: 8,
    spec: "Access denied text: 'You do not have permission to access {organization}. Please contact admin of that organization.'",
    value: 'You do not have permission to access {organization}. Please contact admin of that organization.',
    defined: `${D}permissions.ts#accessDeniedText`,
    usedIn: [
      `${W}features/dashboard/components/user-status-card.tsx`,
      `${W}features/signup/routes/finish.tsx`,
    ],
  },
  {
    section: 8,
    spec: "Pending text: 'You request for access has been sent to all registered admins of {organization}. Please complete your profile while you wait.'",
    value:
      'You request for access has been sent to all registered admins of {organization}. Please complete your profile while you wait.',
    defined: `${D}permissions.ts#pendingAccessText`,
    usedIn: [
      `${W}features/dashboard/components/user-status-card.tsx`,
      `${W}features/signup/routes/finish.tsx`,
    ],
  },
  {
    section: 8,
    spec: "Country lookup failure: 'unable to fetch the country'",
    value: 'unable to fetch the country',
    defined: `${PHONE_INPUT}#COUNTRY_LOOKUP_FAILED`,
    usedIn: [PHONE_INPUT],
  },

  // --- 9. Business constants and limits ----------------------------------------------------------
  // Calendar (issue #15): the domain's constants, used by the web calendar.
  {
    section: 9,
    spec: 'Calendar time slots 15, 30, 60, 360 minutes',
    value: [15, 30, 60, 360],
    defined: `${CALENDAR}#CALENDAR_SLOT_MINUTES`,
    usedIn: [
      `${W}features/calendar/components/calendar-settings.tsx`,
      `${W}features/calendar/routes/calendar.tsx`,
    ],
  },
  {
    section: 9,
    spec: 'Calendar month view 42 days',
    value: 42,
    defined: `${CALENDAR_VIEW}#MONTH_VIEW_DAYS`,
    usedIn: [CALENDAR_VIEW],
  },
  {
    section: 9,
    spec: 'Calendar week 7 days or day 1 day with 15-minute slots',
    value: 15,
    defined: `${CALENDAR_VIEW}#TIME_GRID_SNAP_MINUTES`,
    usedIn: [CALENDAR_VIEW],
  },
  {
    section: 9,
    spec: 'A slot is soon if starting within 30 minutes',
    value: 30,
    defined: `${CALENDAR}#SOON_MINUTES`,
    usedIn: [CALENDAR],
  },
  {
    section: 9,
    spec: 'Week start 0 Sunday or 1 Monday',
    value: [0, 1],
    defined: `${CALENDAR}#WEEK_STARTS`,
    usedIn: [`${W}features/calendar/components/calendar-settings.tsx`],
  },
  {
    section: 9,
    spec: 'Reminder text thresholds: 2, 5, 10, 15, 30, 60 minutes',
    value: [2, 5, 10, 15, 30, 60],
    defined: `${CALENDAR}#REMINDER_MINUTES`,
    usedIn: [CALENDAR, `${W}features/calendar/components/event-details.tsx`],
  },
  {
    section: 9,
    spec: 'Alert timeout: 4000 ms in the generic helper',
    value: 4000,
    defined: `${W}components/alerts/alert-store.ts#ALERT_HELPER_TIMEOUT_MS`,
    usedIn: [`${W}components/alerts/alert-store.ts`],
  },
  {
    section: 9,
    spec: 'Alert timeout: 6000 ms via the error and alert store',
    value: 6000,
    defined: `${W}components/alerts/alert-store.ts#ALERT_STORE_TIMEOUT_MS`,
    usedIn: [`${W}components/alerts/alert-store.ts`],
  },
  {
    section: 9,
    spec: "Default loading text 'Loading...'",
    value: 'Loading...',
    defined: `${W}components/loader/global-loader.tsx#DEFAULT_LOADING_TEXT`,
    usedIn: [`${W}components/loader/global-loader.tsx`],
  },
  {
    section: 9,
    spec: 'Request timeout 30000 ms',
    value: 30000,
    defined: `${API_CLIENT}#REQUEST_TIMEOUT_MS`,
    usedIn: [API_CLIENT],
  },
  {
    section: 9,
    spec: 'Retry 3 attempts',
    value: 3,
    defined: `${API_CLIENT}#RETRY_COUNT`,
    usedIn: [API_CLIENT],
  },
  {
    section: 9,
    spec: 'Retry delay 1000 ms, doubling',
    value: 1000,
    defined: `${API_CLIENT}#RETRY_DELAY_MS`,
    usedIn: [API_CLIENT],
  },
  {
    section: 9,
    spec: 'Cache default TTL 24 h',
    value: 24 * 60 * 60 * 1000,
    defined: `${W}lib/cache.ts#DEFAULT_TTL_MS`,
    usedIn: [`${W}lib/cache.ts`],
  },
  {
    section: 9,
    spec: 'Cache max 100 memory entries',
    value: 100,
    defined: `${W}lib/cache.ts#CACHE_MAX_ENTRIES`,
    usedIn: [`${W}lib/cache.ts`],
  },
  {
    section: 9,
    spec: 'Static cache max 50 entries',
    value: 50,
    defined: `${W}lib/cache.ts#STATIC_CACHE_MAX_ENTRIES`,
    usedIn: [`${W}lib/cache.ts`],
  },
  {
    section: 9,
    spec: '25% oldest purged on storage quota',
    value: 0.25,
    defined: `${W}lib/cache.ts#QUOTA_PURGE_RATIO`,
    usedIn: [`${W}lib/cache.ts`],
  },
  {
    section: 9,
    spec: 'Dictionary cache 24 h, marked static',
    value: 24 * 60 * 60 * 1000,
    defined: `${W}lib/cache.ts#DEFAULT_TTL_MS`,
    usedIn: [`${W}lib/dictionaries.ts`],
  },
  {
    section: 9,
    spec: 'Dictionary cache marked static',
    defined: `${W}lib/cache.ts#staticCache`,
    usedIn: [`${W}lib/dictionaries.ts`],
  },
  {
    section: 9,
    spec: 'Participants page size default 30',
    value: 30,
    defined: `${D}survey-participants.ts#PARTICIPANTS_PAGE_SIZE`,
    usedIn: [`${D}survey-participants.ts`, `${W}features/surveys/hosting/survey-page/invitations-tab.tsx`],
  },
  {
    section: 9,
    spec: "Contacts default 30 or 60 (a survey's contacts)",
    value: [30, 60],
    defined: `${D}survey-participants.ts#CONTACTS_PAGE_SIZES`,
    usedIn: [`${D}survey-participants.ts`, `${W}features/surveys/hosting/survey-page/contacts-panel.tsx`],
  },
  {
    section: 9,
    spec: "Contacts default 30 (an organization's contacts)",
    value: 30,
    defined: `${W}features/organizations/api/contacts.ts#CONTACTS_PAGE_SIZE`,
    usedIn: [
      `${W}features/organizations/api/contacts.ts`,
      `${W}features/organizations/routes/private-contacts.tsx`,
    ],
  },
  {
    section: 9,
    spec: 'Survey step order by weight',
    defined: `${D}surveys.ts#surveyStepsOf`,
    usedIn: [`${A}modules/surveys/service.ts`],
  },
  {
    section: 9,
    spec: 'Progress = completed steps over total steps as a percent',
    defined: `${D}surveys.ts#progressPercent`,
    usedIn: [`${A}modules/surveys/service.ts`, `${A}modules/survey-participants/service.ts`],
  },
  {
    section: 9,
    spec: 'Historical types 1 Hires, 2 Promotions, 3 Attrition',
    value: [
      { id: 1, label: 'Hires' },
      { id: 2, label: 'Promotions' },
      { id: 3, label: 'Attrition' },
    ],
    defined: `${D}lpi/grids.ts#HISTORICAL_TYPES`,
    usedIn: [`${D}lpi/grids.ts`, `${A}modules/lpi/tabs/grids/service.ts`],
  },
  {
    section: 9,
    spec: 'Investment types 1 Senior, 2 Junior',
    value: [
      { id: 1, label: 'Senior Investment Professional' },
      { id: 2, label: 'Junior Investment Professional' },
    ],
    defined: `${D}lpi/grids.ts#INVESTMENT_TYPES`,
    usedIn: [`${D}lpi/grids.ts`, `${A}modules/lpi/tabs/grids/service.ts`],
  },
  {
    section: 9,
    spec: 'Historical and investment types (the responses report)',
    defined: `${D}lpi/grids.ts#historicalTypeLabel`,
    usedIn: [`${A}modules/survey-participants/report.ts`],
  },
  {
    section: 9,
    spec: 'Greeting hours 3/12/17',
    value: 3,
    defined: `${W}components/greeting/greeting.tsx#MORNING_FROM_HOUR`,
    usedIn: [`${W}components/greeting/greeting.tsx`],
  },
  {
    section: 9,
    spec: 'Greeting hours 3/12/17',
    value: 12,
    defined: `${W}components/greeting/greeting.tsx#AFTERNOON_FROM_HOUR`,
    usedIn: [`${W}components/greeting/greeting.tsx`],
  },
  {
    section: 9,
    spec: 'Greeting hours 3/12/17',
    value: 17,
    defined: `${W}components/greeting/greeting.tsx#EVENING_FROM_HOUR`,
    usedIn: [`${W}components/greeting/greeting.tsx`],
  },
  {
    section: 9,
    spec: 'Health gauge 0 to 10',
    value: 10,
    defined: `${D}scoring/constants.ts#INDEX_MAX`,
    usedIn: [`${W}components/health-gauge/health-gauge.tsx`],
  },
  {
    section: 9,
    spec: 'File size base 1000',
    value: 1000,
    defined: `${D}file-size.ts#FILE_SIZE_BASE`,
    usedIn: [`${D}file-size.ts`],
  },
  {
    section: 9,
    spec: 'File size 2 decimals',
    value: 2,
    defined: `${D}file-size.ts#FILE_SIZE_DECIMALS`,
    usedIn: [`${D}file-size.ts`],
  },
  {
    section: 9,
    spec: 'File size base 1000, 2 decimals (every file list)',
    defined: `${D}file-size.ts#formatFileSize`,
    usedIn: [
      `${W}features/users/routes/my-files.tsx`,
      `${W}features/organizations/components/library-page.tsx`,
      `${W}features/lpi/components/policies/policy-record-view.tsx`,
    ],
  },
  {
    section: 9,
    spec: 'Dashboard title characters shown 100',
    value: 100,
    defined: `${DASHBOARD_TITLE}#DASHBOARD_TITLE_LENGTH`,
    usedIn: [`${W}features/dashboard/components/active-surveys-widget.tsx`],
  },
  {
    section: 9,
    spec: 'Dashboard title characters shown (default 35)',
    value: 35,
    defined: `${DASHBOARD_TITLE}#DASHBOARD_TITLE_DEFAULT_LENGTH`,
    usedIn: [DASHBOARD_TITLE],
  },
  {
    section: 9,
    spec: 'Dashboard title characters shown (default 35): a title given no length',
    defined: `${DASHBOARD_TITLE}#DashboardTitle`,
    usedIn: [`${W}features/dashboard/components/admin-card.tsx`],
  },
  {
    section: 9,
    spec: 'Loader show delay 200 ms',
    value: 200,
    defined: `${W}lib/loading.ts#LOADER_SHOW_DELAY_MS`,
    usedIn: [`${W}lib/loading.ts`],
  },
  {
    section: 9,
    spec: 'Loader slow time-out 10000 ms',
    value: 10000,
    defined: `${W}lib/loading.ts#LOADER_SLOW_MS`,
    usedIn: [`${W}lib/loading.ts`],
  },
  {
    section: 9,
    spec: 'Dialog close animation 300 ms',
    value: 300,
    defined: `${W}components/dialog/dialog-store.ts#DIALOG_CLOSE_MS`,
    usedIn: [`${W}components/dialog/dialog-store.ts`, `${W}components/dialog/dialog-host.tsx`],
  },
  {
    section: 9,
    spec: 'Menu type-ahead reset 350 ms',
    value: 350,
    defined: `${TYPE_AHEAD}#TYPEAHEAD_RESET_MS`,
    usedIn: [TYPE_AHEAD],
  },
  {
    section: 9,
    spec: 'Menu type-ahead reset 350 ms: every menu (the theme default)',
    defined: `${TYPE_AHEAD}#menuTypeAhead`,
    usedIn: [`${W}app/theme.ts`],
  },
  {
    section: 9,
    spec: 'Menu type-ahead reset 350 ms: every select (see also the Select check below)',
    defined: `${TYPE_AHEAD}#useTypeAhead`,
    usedIn: [`${W}components/select/select.tsx`],
  },
  {
    section: 9,
    spec: 'Tooltip offset 10 px',
    value: 10,
    defined: `${W}app/theme.ts#TOOLTIP_OFFSET`,
    usedIn: [`${W}app/theme.ts`],
  },
  {
    section: 9,
    spec: 'Feedback rating 1 to 10',
    value: 1,
    defined: `${FEEDBACK}#FEEDBACK_MIN_VALUE`,
    usedIn: [FEEDBACK],
  },
  {
    section: 9,
    spec: 'Feedback rating 1 to 10',
    value: 10,
    defined: `${FEEDBACK}#FEEDBACK_MAX_VALUE`,
    usedIn: [FEEDBACK],
  },
  {
    section: 9,
    spec: 'Feedback rating 1 to 10: the rating buttons',
    defined: `${FEEDBACK}#FEEDBACK_VALUES`,
    usedIn: [FEEDBACK_FORM],
  },
  {
    section: 9,
    spec: 'Feedback colour bands 1-2, 3-4, 5-6, 7-8, 9-10 (red through orange to green)',
    defined: `${FEEDBACK}#feedbackBand`,
    usedIn: [FEEDBACK_FORM],
  },
  {
    section: 9,
    spec: 'Feedback colour bands: five, red through orange to green',
    value: { 1: '#c92a2a', 2: '#c2410c', 3: '#b45309', 4: '#4d7c0f', 5: '#15803d' },
    defined: `${FEEDBACK}#FEEDBACK_BAND_COLOURS`,
    usedIn: [FEEDBACK_FORM],
  },
  {
    section: 9,
    spec: 'Feedback form reset 3000 ms after submit',
    value: 3000,
    defined: `${FEEDBACK}#FEEDBACK_RESET_MS`,
    usedIn: [FEEDBACK_FORM],
  },
  {
    section: 9,
    spec: 'Feedback text area 4 rows, 50 columns, default placeholder Empty',
    value: { rows: 4, cols: 50, placeholder: 'Empty' },
    defined: `${FEEDBACK}#FEEDBACK_TEXTAREA`,
    usedIn: [FEEDBACK_FORM],
  },
  {
    section: 9,
    spec: 'Picker tags show at most 2, then +N',
    value: 2,
    defined: `${W}components/picker-tags/picker-tags.tsx#PICKER_TAGS_MAX`,
    usedIn: [`${W}components/picker-tags/picker-tags.tsx`],
  },
  {
    section: 9,
    spec: 'Picker tags truncate text over 28 characters',
    value: 28,
    defined: `${W}components/picker-tags/picker-tags.tsx#PICKER_TAG_MAX_CHARS`,
    usedIn: [`${W}components/picker-tags/picker-tags.tsx`],
  },
  {
    section: 9,
    spec: 'Picker tags (the industries picker)',
    defined: `${W}components/picker-tags/picker-tags.tsx#PickerTags`,
    usedIn: [`${W}components/industries-picker/industries-picker.tsx`],
  },
  {
    section: 9,
    spec: 'Button types: primary, secondary, tertiary, blanc, success, action, warning, error, primary-outlined',
    value: [
      'primary',
      'secondary',
      'tertiary',
      'blanc',
      'success',
      'action',
      'warning',
      'error',
      'primary-outlined',
    ],
    defined: `${W}components/button/button.tsx#BUTTON_TYPES`,
    usedIn: [`${W}components/button/button.tsx`, `${W}features/public/components/button-gallery.tsx`],
  },
  {
    section: 9,
    spec: 'Button sizes small, medium, large',
    value: ['small', 'medium', 'large'],
    defined: `${W}components/button/button.tsx#BUTTON_SIZES`,
    usedIn: [`${W}components/button/button.tsx`, `${W}features/public/components/button-gallery.tsx`],
  },
  {
    section: 9,
    spec: 'Notification types: base, alert, guidance',
    value: ['base', 'alert', 'guidance'],
    defined: `${W}features/public/components/notification-samples.tsx#NOTIFICATION_TYPES`,
    usedIn: [`${W}features/public/components/notification-samples.tsx`],
  },
  {
    section: 9,
    spec: 'Country dropdown type-ahead reset 700 ms',
    value: 700,
    defined: `${PHONE_INPUT}#COUNTRY_TYPEAHEAD_RESET_MS`,
    usedIn: [PHONE_INPUT],
  },
  {
    section: 9,
    spec: 'Country dropdown opens upward when under 200 px free below',
    value: 200,
    defined: `${PHONE_INPUT}#COUNTRY_DROPDOWN_MIN_SPACE_BELOW`,
    usedIn: [PHONE_INPUT],
  },
  {
    section: 9,
    spec: 'Other title placeholder id 99999999999',
    value: 99999999999,
    defined: `${D}constants.ts#OTHER_OPTION_ID`,
    usedIn: [`${W}lib/dictionaries.ts`, `${A}modules/users/service.ts`],
  },
];

const TEXTS: readonly Text[] = [
  // --- 5. Labelled form validator ------------------------------------------------------------------
  { section: 5, spec: "required: '{label} is required'", text: '{label} is required', usedIn: [LABELLED] },
  {
    section: 5,
    spec: "required, false: '{label} must be selected'",
    text: '{label} must be selected',
    usedIn: [LABELLED],
  },
  {
    section: 5,
    spec: "min, string: '{label} must be at least {n} characters long'",
    text: '{label} must be at least {n} characters long',
    usedIn: [LABELLED],
  },
  {
    section: 5,
    spec: "min, number: '{label} must be equal or greater than {n}'",
    text: '{label} must be equal or greater than {n}',
    usedIn: [LABELLED],
  },
  {
    section: 5,
    spec: "min, array: '{label} must include at least {n} option(s)'",
    text: '{label} must include at least {n} option(s)',
    usedIn: [LABELLED],
  },
  {
    section: 5,
    spec: "max, string: '{label} must be maximum {n} characters long'",
    text: '{label} must be maximum {n} characters long',
    usedIn: [LABELLED],
  },
  {
    section: 5,
    spec: "max, number: '{label} must be not greater than {n}'",
    text: '{label} must be not greater than {n}',
    usedIn: [LABELLED],
  },
  {
    section: 5,
    spec: "max, array: '{label} must include maximum {n} option(s)'",
    text: '{label} must include maximum {n} option(s)',
    usedIn: [LABELLED],
  },
  // --- 8. Request errors -----------------------------------------------------------------------------
  {
    section: 8,
    spec: "With no body, 'Request failed with status code {status}'",
    text: 'Request failed with status code {status}',
    usedIn: [API_CLIENT],
  },
  {
    section: 8,
    spec: "Timeout: 408 'Request timed out after N ms'",
    text: 'Request timed out after {n} ms',
    usedIn: [API_CLIENT],
  },
  {
    section: 8,
    spec: 'Failure wrapper error: code API-ERR-{status}',
    text: 'API-ERR-{status}',
    usedIn: [API_CLIENT],
  },
  {
    section: 8,
    spec: "Failure wrapper defaults: 'Request Failed'",
    text: 'Request Failed',
    usedIn: [API_CLIENT],
  },
  // --- 8. Alerts ---------------------------------------------------------------------------------------
  {
    section: 8,
    spec: 'Success: Verification completed (sign-up email)',
    text: 'Verification completed',
    usedIn: [`${W}features/signup/routes/processing-verification.tsx`],
  },
  {
    section: 8,
    spec: 'Success: Email sent (a new sign-up link, an invitation sent again)',
    text: 'Email sent',
    usedIn: [
      `${W}features/signup/routes/verification.tsx`,
      `${W}features/organizations/routes/private-invitations.tsx`,
    ],
  },
  {
    section: 8,
    spec: 'Success: User Account Deleted',
    text: 'User Account Deleted',
    usedIn: [`${W}features/users/routes/my-settings.tsx`],
  },
  {
    section: 8,
    spec: "'Error!' with 'LPI organization meta validation error' (its title)",
    text: 'Error!',
    usedIn: [`${W}features/lpi/tabs/overview-tab.tsx`],
  },
  {
    section: 8,
    spec: "Missing dictionary endpoint: 'No endpoint configured for dictionary: {name}'",
    text: 'No endpoint configured for dictionary: {name}',
    usedIn: [`${W}lib/dictionaries.ts`],
  },
];

/** Spec 9: numeric route params for organization, survey, user, event and pod ids. */
const NUMERIC_ROUTE_PARAMS = ['organizationId', 'surveyId', 'userId', 'eventId', 'podId'] as const;

function split(reference: string): { file: string; name: string } {
  const [file = '', name = ''] = reference.split('#');
  return { file, name };
}

const sameValue = (actual: Value | undefined, expected: Value, contains?: true): boolean => {
  if (typeof actual === 'string' && typeof expected === 'string') {
    const code = normalizeMessage(actual);
    const spec = normalizeMessage(expected);
    return contains ? code.includes(spec) : code === spec;
  }
  return JSON.stringify(actual) === JSON.stringify(expected);
};

/** Why a constant is not where it belongs, or null. */
function constantProblem(entry: Constant): string | null {
  const { file, name } = split(entry.defined);
  if (!exists(file)) return `${entry.defined}: no such file`;
  const defining = source(file);
  const value = constantValue(defining, name);
  if (value === undefined) return `${entry.defined}: not declared there`;
  if (entry.value !== undefined) {
    if (value === UNREADABLE) return `${entry.defined}: not written as a literal`;
    if (!sameValue(value, entry.value, entry.contains)) {
      return `${entry.defined} is ${JSON.stringify(value)}, the spec says ${JSON.stringify(entry.value)}`;
    }
  }
  const root = name.split('.')[0] ?? name;
  for (const user of entry.usedIn) {
    if (!exists(user)) return `${user}: no such file (it should use ${name})`;
    const using = source(user);
    if (usesOf(using, name) === 0) return `${user} does not use ${name}`;
    if (user !== file) {
      const imported = importsOf(using).some(
        (entry) => entry.name === root && resolveImport(user, entry.from, exists) === file,
      );
      if (!imported) return `${user} uses a ${root} that is not imported from ${file}`;
    }
  }
  return null;
}

function textProblem(entry: Text): string | null {
  const wanted = normalizeMessage(entry.text);
  for (const user of entry.usedIn) {
    if (!exists(user)) return `${user}: no such file (it should say '${entry.text}')`;
    const texts = [...textsOf(source(user))].map(normalizeMessage);
    if (!texts.includes(wanted)) return `${user} does not say '${entry.text}'`;
  }
  return null;
}

const label = (entry: { section: number; spec: string }) => `spec ${entry.section}: ${entry.spec}`;

describe('spec conformance: the messages and constants of spec sections 5, 8 and 9', () => {
  it('lists every section', () => {
    const sections = new Set([...CONSTANTS, ...TEXTS].map((entry) => entry.section));
    expect([...sections].sort()).toEqual([5, 8, 9]);
  });

  it.each(CONSTANTS.map((entry) => [label(entry), entry] as const))('%s', (_, entry) => {
    expect(constantProblem(entry) ?? 'where it belongs').toBe('where it belongs');
  });

  it.each(TEXTS.map((entry) => [label(entry), entry] as const))('%s', (_, entry) => {
    expect(textProblem(entry) ?? 'where it belongs').toBe('where it belongs');
  });

  it('ids in route paths are numeric (organization, survey, user, event, pod)', () => {
    const router = `${W}app/router.tsx`;
    const texts = textsOf(source(router));
    expect(usesOf(source(router), 'numericParam')).toBeGreaterThanOrEqual(NUMERIC_ROUTE_PARAMS.length);
    for (const param of NUMERIC_ROUTE_PARAMS)
      expect(texts, `router: numericParam('${param}')`).toContain(param);
  });

  it('every select of the web app has the type-ahead: none comes straight from Mantine', () => {
    const wrapper = `${W}components/select/select.tsx`;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && file !== wrapper) {
          if (importsOf(source(file)).some((i) => i.from === '@mantine/core' && i.name === 'Select'))
            offenders.push(file);
        }
      }
    };
    walk(`${W.slice(0, -1)}`);
    expect(offenders).toEqual([]);
  });
});
