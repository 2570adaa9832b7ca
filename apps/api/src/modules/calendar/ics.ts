import { TZDate } from '@date-fns/tz';
import type { TAttendeeStatus, TRecurrence } from '@parity/domain/calendar/events';
import ical, {
  ICalAttendeeStatus,
  ICalCalendarMethod,
  type ICalEventData,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  ICalWeekday,
} from 'ical-generator';
import { fromWallTime, toWallTime } from './recurrence';

/** What an .ics is written from: an event with its series' exceptions (iCalendar by `ical-generator`). */
export interface IcsEvent {
  uid: string;
  sequence: number;
  title: string;
  /** plain text */
  description: string;
  start: Date;
  end: Date;
  allDay: boolean;
  timeZone: string;
  location: string | null;
  videoUrl: string | null;
  url: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string; status: TAttendeeStatus }[];
  recurrence: TRecurrence | null;
  exceptions: {
    occurrenceStart: Date;
    cancelled: boolean;
    start: Date | null;
    end: Date | null;
    title: string | null;
  }[];
}

const WEEKDAYS = [
  ICalWeekday.SU,
  ICalWeekday.MO,
  ICalWeekday.TU,
  ICalWeekday.WE,
  ICalWeekday.TH,
  ICalWeekday.FR,
  ICalWeekday.SA,
];
const FREQ = {
  daily: ICalEventRepeatingFreq.DAILY,
  weekly: ICalEventRepeatingFreq.WEEKLY,
  monthly: ICalEventRepeatingFreq.MONTHLY,
} as const;
const PARTSTAT: Record<TAttendeeStatus, ICalAttendeeStatus> = {
  'no-answer': ICalAttendeeStatus.NEEDSACTION,
  attending: ICalAttendeeStatus.ACCEPTED,
  declined: ICalAttendeeStatus.DECLINED,
  maybe: ICalAttendeeStatus.TENTATIVE,
};

export type IcsMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

function baseData(event: IcsEvent): Omit<ICalEventData, 'start'> {
  return {
    id: event.uid,
    sequence: event.sequence,
    summary: event.title,
    description: event.description || undefined,
    location: event.location ?? undefined,
    url: event.videoUrl ?? event.url,
    allDay: event.allDay,
    timezone: event.allDay ? null : event.timeZone,
    organizer: { name: event.organizer.name, email: event.organizer.email },
    attendees: event.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      status: PARTSTAT[a.status],
      rsvp: true,
    })),
  };
}

function addEvent(
  calendar: ReturnType<typeof ical>,
  event: IcsEvent,
  options: { cancelOccurrence?: Date; cancelled?: boolean },
) {
  const data = baseData(event);
  // times with a TZID are written as the wall time in that zone (TZDate), all-day ones as dates
  const at = (d: Date) => (event.allDay ? d : new TZDate(d.getTime(), event.timeZone));
  if (options.cancelOccurrence) {
    // one occurrence cancelled: that occurrence alone, by its RECURRENCE-ID
    const duration = event.end.getTime() - event.start.getTime();
    calendar.createEvent({
      ...data,
      start: at(options.cancelOccurrence),
      end: at(new Date(options.cancelOccurrence.getTime() + duration)),
      recurrenceId: at(options.cancelOccurrence),
      status: ICalEventStatus.CANCELLED,
    });
    return;
  }
  const recurrence = event.recurrence;
  calendar.createEvent({
    ...data,
    start: at(event.start),
    end: at(event.end),
    status: options.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    repeating: recurrence
      ? {
          freq: FREQ[recurrence.freq],
          interval: recurrence.interval ?? 1,
          ...(recurrence.count ? { count: recurrence.count } : {}),
          ...(recurrence.until
            ? { until: fromWallTime(new Date(`${recurrence.until}T23:59:59Z`), event.timeZone) }
            : {}),
          ...(recurrence.freq === 'weekly' && recurrence.byWeekday?.length
            ? { byDay: recurrence.byWeekday.map((d) => WEEKDAYS[d]!) }
            : {}),
          exclude: event.exceptions.filter((x) => x.cancelled).map((x) => at(x.occurrenceStart)),
        }
      : null,
  });
  if (!recurrence || options.cancelled) return;
  // moved or renamed occurrences override the series by RECURRENCE-ID
  for (const exception of event.exceptions) {
    if (exception.cancelled) continue;
    calendar.createEvent({
      ...data,
      summary: exception.title ?? event.title,
      start: exception.start ?? exception.occurrenceStart,
      end:
        exception.end ??
        new Date(exception.occurrenceStart.getTime() + (event.end.getTime() - event.start.getTime())),
      recurrenceId: exception.occurrenceStart,
      status: ICalEventStatus.CONFIRMED,
    });
  }
}

/**
 * An iCalendar file of one event: METHOD:REQUEST for invitations and updates, CANCEL for a
 * cancellation (of the series, or of one occurrence), PUBLISH for a download.
 */
export function eventIcs(event: IcsEvent, method: IcsMethod, cancelOccurrence?: Date): string {
  const calendar = ical({
    prodId: { company: 'Parity', product: 'Calendar', language: 'EN' },
    name: event.title,
  });
  calendar.method(ICalCalendarMethod[method]);
  addEvent(calendar, event, { cancelOccurrence, cancelled: method === 'CANCEL' && !cancelOccurrence });
  return calendar.toString();
}

/** A personal feed: every event the user attends, series with their RRULEs. */
export function feedIcs(name: string, events: IcsEvent[]): string {
  const calendar = ical({ prodId: { company: 'Parity', product: 'Calendar', language: 'EN' }, name });
  calendar.method(ICalCalendarMethod.PUBLISH);
  calendar.ttl(60 * 30);
  for (const event of events) addEvent(calendar, event, {});
  return calendar.toString();
}

/** The wall time of an instant in a zone, as text for mails ('Tue, Dec 1, 2026, 09:00 (Europe/Vienna)'). */
export function whenText(start: Date, allDay: boolean, timeZone: string): string {
  if (allDay) {
    return `${start.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })} (all day)`;
  }
  const wall = toWallTime(start, timeZone);
  const date = wall.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = wall.toISOString().slice(11, 16);
  return `${date}, ${time} (${timeZone})`;
}
