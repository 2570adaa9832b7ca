import type { DateSelectArg, DatesSetArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { isSoon, type TOccurrence } from '@parity/domain/calendar/events';
import { useMemo, useRef } from 'react';
import { eventPath, occurrenceId } from '../lib/occurrences';
import classes from './calendar-view.module.css';

/** Spec 9: the month view is a six-week grid of 42 days. */
export const MONTH_VIEW_DAYS = 42;
/** Spec 9: the week and day views move and resize events in 15-minute steps, whatever the slot size shown. */
export const TIME_GRID_SNAP_MINUTES = 15;

export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type CalendarViewName = (typeof CALENDAR_VIEWS)[number];

export interface OccurrenceChange {
  occurrence: TOccurrence;
  start: string;
  end: string;
  /** puts the event back where it was (the change was refused or cancelled) */
  revert: () => void;
}

export interface CalendarViewProps {
  occurrences: readonly TOccurrence[];
  timeZone: string;
  weekStart: 0 | 1;
  slotMinutes: number;
  initialView: CalendarViewName;
  /** the visible range changed (navigation, another view): read its occurrences */
  onRange: (from: string, to: string) => void;
  onOpen: (occurrence: TOccurrence) => void;
  onChange: (change: OccurrenceChange) => void;
  /** a slot was picked in the week or day view: add an event there */
  onSelect: (slot: { start: string; end: string; allDay: boolean }) => void;
}

/** FullCalendar's events for the occurrences: soon ones marked, only the editable ones draggable. */
export function toCalendarEvents(occurrences: readonly TOccurrence[], now = new Date()): EventInput[] {
  return occurrences.map((occurrence) => ({
    id: occurrenceId(occurrence),
    title: occurrence.title,
    start: occurrence.allDay ? occurrence.start.slice(0, 10) : occurrence.start,
    end: occurrence.allDay ? occurrence.end.slice(0, 10) : occurrence.end,
    allDay: occurrence.allDay,
    url: eventPath(occurrence),
    editable: occurrence.canEdit,
    classNames: [
      ...(!occurrence.allDay && isSoon(occurrence.start, now) ? [classes.soon ?? 'soon', 'event-soon'] : []),
      ...(occurrence.myStatus === 'declined' ? [classes.declined ?? 'declined'] : []),
    ],
    extendedProps: { occurrence },
  }));
}

const PLUGINS = [luxonPlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const HEADER_TOOLBAR = {
  left: 'prev,next today',
  center: 'title',
  right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
};
const BUTTON_TEXT = {
  prev: 'Previous',
  next: 'Next',
  today: 'Today',
  month: 'Month',
  week: 'Week',
  day: 'Day',
  list: 'List',
};
const BUTTON_HINTS = { prev: 'Previous $0', next: 'Next $0', today: 'This $0' };
const SNAP = { minutes: TIME_GRID_SNAP_MINUTES };

/**
 * The FullCalendar month (six weeks), week, day and list views, in the user's zone (luxon's named
 * zones), weeks starting on the user's day. Loaded lazily with the /calendar page only.
 */
export default function CalendarView({
  occurrences,
  timeZone,
  weekStart,
  slotMinutes,
  initialView,
  onRange,
  onOpen,
  onChange,
  onSelect,
}: CalendarViewProps) {
  const events = useMemo(() => toCalendarEvents(occurrences), [occurrences]);
  const viewType = useRef<string>(initialView);
  const allowMoves = useMemo(
    () => () => viewType.current === 'timeGridWeek' || viewType.current === 'timeGridDay',
    [],
  );
  const slot = `${String(Math.floor(slotMinutes / 60)).padStart(2, '0')}:${String(slotMinutes % 60).padStart(2, '0')}:00`;

  const change = (arg: EventDropArg | EventResizeDoneArg) => {
    const occurrence = arg.event.extendedProps.occurrence as TOccurrence;
    const { start, end } = arg.event;
    if (!start) return arg.revert();
    const duration = new Date(occurrence.end).getTime() - new Date(occurrence.start).getTime();
    onChange({
      occurrence,
      start: start.toISOString(),
      end: (end ?? new Date(start.getTime() + duration)).toISOString(),
      revert: arg.revert,
    });
  };

  // Stable options: FullCalendar re-renders the whole view when an option's identity changes,
  // and the page re-renders on every read's state (bench/calendar-month.mjs).
  const latest = useRef({ onRange, onOpen, onSelect, change });
  latest.current = { onRange, onOpen, onSelect, change };
  const options = useMemo(
    () => ({
      views: {
        dayGridMonth: { fixedWeekCount: MONTH_VIEW_DAYS === 42, dayMaxEvents: 4 },
        timeGridWeek: { slotDuration: slot, editable: true },
        timeGridDay: { slotDuration: slot, editable: true },
      },
      datesSet: (arg: DatesSetArg) => {
        viewType.current = arg.view.type;
        latest.current.onRange(arg.start.toISOString(), arg.end.toISOString());
      },
      eventClick: (arg: EventClickArg) => {
        arg.jsEvent.preventDefault();
        latest.current.onOpen(arg.event.extendedProps.occurrence as TOccurrence);
      },
      eventChange: (arg: EventDropArg | EventResizeDoneArg) => latest.current.change(arg),
      select: (arg: DateSelectArg) => {
        arg.view.calendar.unselect();
        latest.current.onSelect({
          start: arg.start.toISOString(),
          end: arg.end.toISOString(),
          allDay: arg.allDay,
        });
      },
    }),
    [slot],
  );

  return (
    <div className={classes.calendar}>
      <FullCalendar
        plugins={PLUGINS}
        initialView={initialView}
        timeZone={timeZone}
        firstDay={weekStart}
        headerToolbar={HEADER_TOOLBAR}
        // Words, not FullCalendar's icon font: its icons are role="img" with no text (axe).
        buttonIcons={false}
        buttonText={BUTTON_TEXT}
        buttonHints={BUTTON_HINTS}
        views={options.views}
        slotDuration={slot}
        snapDuration={SNAP}
        scrollTime="08:00:00"
        nowIndicator
        height="auto"
        events={events}
        // Moves and resizes in the week and day views only (spec: drag in week/day).
        editable={false}
        eventStartEditable
        eventDurationEditable
        selectable
        selectMirror
        datesSet={options.datesSet}
        eventClick={options.eventClick}
        eventDrop={options.eventChange}
        eventResize={options.eventChange}
        select={options.select}
        eventAllow={allowMoves}
      />
    </div>
  );
}
