/** Business constants of spec section 9, shared by the API and the web app. */

/** The Other option of title lists. */
export const OTHER_OPTION_ID = 99999999999;

/** Individuals of these identification kinds must give demographics (17 also title and joining date). */
export const IDENTIFICATION_IDS = { EMPLOYEE: 17, SECOND: 19, THIRD: 20 } as const;
export const DEMOGRAPHIC_IDENTIFICATION_IDS: readonly number[] = [17, 19, 20];

export const LEGAL_STRUCTURE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export const TICKER_MAX_LENGTH = 10;
export const REQUIRED_OWNERSHIP_TOTAL = 100;

export const SURVEY_TYPES = { SCORE: 1, DEI: 2, DEIPLUS: 3 } as const;

export const CUSTOM_QUESTION_TYPES = {
  TEXT: 1,
  SELECT: 4,
  MULTI_SELECT: 5,
  NUMBER: 13,
  FORMATTED_TEXT: 14,
} as const;

/** The web client's OAuth client (public, first-party). */
export const WEB_CLIENT_ID = 'parity-web';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 255;
