import { Modal, type ModalProps } from '@mantine/core';
import { closeDialog, DIALOG_CLOSE_MS, type Dialog, type DialogSize, useDialogs } from './dialog-store';

const SIZES: Record<DialogSize, ModalProps['size']> = {
  small: 'sm',
  medium: 'md',
  large: 'lg',
  'x-large': 'xl',
};

const BASE_Z_INDEX = 200;

/** Mantine calls onClose only for the close button, and for Escape/backdrop when allowed below. */
function DialogView({ dialog, isTop, index }: { dialog: Dialog; isTop: boolean; index: number }) {
  const close = () => closeDialog(dialog.id);
  const dismissable = isTop && !dialog.persistent;
  return (
    <Modal
      opened={dialog.state === 'open'}
      onClose={close}
      title={dialog.title}
      size={SIZES[dialog.size]}
      centered
      zIndex={BASE_Z_INDEX + index * 2}
      // Only the top dialog reacts to Escape and the backdrop; a persistent one ignores both.
      closeOnEscape={dismissable}
      closeOnClickOutside={dismissable}
      trapFocus={isTop}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      transitionProps={{ duration: DIALOG_CLOSE_MS }}
      data-dialog-id={dialog.id}
      data-state={dialog.state}
    >
      {typeof dialog.content === 'function' ? dialog.content(close) : dialog.content}
    </Modal>
  );
}

/** Renders the dialog stack; mount once near the root. */
export function DialogHost() {
  const dialogs = useDialogs();
  const top = [...dialogs].reverse().find((dialog) => dialog.state === 'open');
  return (
    <>
      {dialogs.map((dialog, index) => (
        <DialogView key={dialog.id} dialog={dialog} index={index} isTop={dialog.id === top?.id} />
      ))}
    </>
  );
}
