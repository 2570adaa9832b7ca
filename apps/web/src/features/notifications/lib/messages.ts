/** The centre's messages, shared by the bell's popover and the page. */
export const NO_NOTIFICATIONS = 'No notifications yet';
export const NO_UNREAD_NOTIFICATIONS = 'No unread notifications';
export const PREFERENCES_SAVED = 'Your notification preferences were saved.';
