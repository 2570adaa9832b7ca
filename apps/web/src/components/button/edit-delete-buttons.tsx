import { IconEdit, IconTrash } from '@tabler/icons-react';
import { Button } from './button';

/** A record page's Edit and Delete, alike wherever a page has both (a calendar event, a pod's event). */
export function EditDeleteButtons({
  onEdit,
  onDelete,
  deleting,
}: {
  onEdit: () => void;
  onDelete: () => void;
  /** the delete is on its way: its button spins */
  deleting: boolean;
}) {
  return (
    <>
      <Button kind="blanc" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
        Edit
      </Button>
      <Button
        kind="error"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={deleting}
        onClick={onDelete}
      >
        Delete
      </Button>
    </>
  );
}
