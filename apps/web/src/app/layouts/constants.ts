/** Height of the top bar in the top-bar and drawer-with-top-bar layouts. */
export const HEADER_HEIGHT = 64;

/** The id of every layout's main landmark: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';
