import type { TAttendeeStatus } from '@parity/domain/calendar/events';
import type { TPodVisibility } from '@parity/domain/pods/pods';

/** Short names of the visibilities, for badges (the form shows the domain's long labels). */
export const VISIBILITY_NAMES: Record<TPodVisibility, string> = {
  open: 'Open',
  'invite-only': 'Invite-only',
  secret: 'Secret',
};

/** An attendee's answer as lists name it. */
export const ANSWERS: Record<TAttendeeStatus, string> = {
  'no-answer': 'No answer',
  attending: 'Attending',
  maybe: 'Maybe',
  declined: 'Declined',
};
