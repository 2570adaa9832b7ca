import type { TEventDetail, TEventScope } from '@parity/domain/calendar/events';
import { useNavigate } from 'react-router';
import { EventForm, type EventFormValues } from '../../../components/event-form/event-form';
import { useCreateEvent, useUpdateEvent } from '../api/events';
import { askScope } from './ask-scope';

/**
 * The calendar's event form: a new event is created and its page opened; an edit of an
 * occurrence of a series first asks whether it is that occurrence (sent whole, at its original
 * start) or the whole series (only the fields changed).
 */
export function CalendarEventForm({
  event,
  occurrenceStart = null,
  initialValues,
  onDone,
}: {
  event?: TEventDetail;
  occurrenceStart?: string | null;
  initialValues: EventFormValues;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  return (
    <EventForm
      event={event}
      occurrenceStart={occurrenceStart}
      initialValues={initialValues}
      saving={create.isPending || update.isPending}
      onDone={onDone}
      onSubmit={async (body, changed) => {
        if (!event) {
          const created = await create.mutateAsync(body);
          void navigate(`/calendar/events/${created.id}`);
          return true;
        }
        let scope: TEventScope = 'series';
        if (event.recurrence && occurrenceStart) {
          const answer = await askScope('edit');
          if (!answer) return false;
          scope = answer;
        }
        const patch =
          scope === 'occurrence'
            ? { scope, occurrenceStart: occurrenceStart ?? undefined, ...body, recurrence: undefined }
            : { scope, ...changed };
        await update.mutateAsync({ eventId: event.id, body: patch });
        return true;
      }}
    />
  );
}
