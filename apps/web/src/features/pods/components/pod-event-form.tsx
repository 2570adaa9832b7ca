import type { TEventDetail } from '@parity/domain/calendar/events';
import { useNavigate } from 'react-router';
import { EventForm, editEventValues, newEventValues } from '../../../components/event-form/event-form';
import { browserTimeZone } from '../../../lib/zoned-time';
import { useCreatePodEvent, useUpdatePodEvent } from '../api/events';

/**
 * Add an event to the pod (its audience: its members see it here and in their calendars) and
 * open its page, or, with `event`, edit the whole series: only the fields changed are sent.
 */
export function PodEventForm({
  podId,
  event,
  onDone,
}: {
  podId: number;
  event?: TEventDetail;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreatePodEvent(podId);
  const update = useUpdatePodEvent(podId);
  return (
    <EventForm
      event={event}
      initialValues={event ? editEventValues(event, null) : newEventValues(browserTimeZone())}
      visibility="private"
      name="pod event"
      saving={create.isPending || update.isPending}
      onDone={onDone}
      onSubmit={async (body, changed) => {
        if (!event) {
          const created = await create.mutateAsync(body);
          void navigate(`/pods/${podId}/events/${created.id}`);
          return true;
        }
        await update.mutateAsync({ eventId: event.id, body: changed });
        return true;
      }}
    />
  );
}
