import { Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { Button } from '../../../../components/button/button';
import { closeDialog, openDialog } from '../../../../components/dialog/dialog-store';

function LeaveContent({ onLeave, close }: { onLeave: () => void; close: () => void }) {
  return (
    <Stack gap="md">
      <Text>You have unsaved changes on this page. If you leave now, they are lost.</Text>
      <Group justify="flex-end" gap="sm">
        <Button kind="blanc" onClick={close}>
          Stay on this page
        </Button>
        <Button
          kind="error"
          onClick={() => {
            onLeave();
            close();
          }}
        >
          Leave without saving
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Warns before leaving with unsaved changes (spec 4 Tab data: saveRequired): a dialog for in-app
 * navigation (React Router's blocker) and the browser's own prompt for closing or reloading.
 * `savedSinceRender`: whether everything has been saved since `unsaved` was rendered (a page that
 * saves and then moves on navigates before React renders its saved parts as clean).
 */
export function useLeaveGuard(unsaved: boolean, savedSinceRender: () => boolean = () => false) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !savedSinceRender() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const dialogId = useRef<string | null>(null);

  useEffect(() => {
    if (blocker.state !== 'blocked' || dialogId.current) return;
    const blocked: Blocker = blocker;
    let leaving = false;
    const leave = () => {
      leaving = true;
      blocked.proceed?.();
    };
    dialogId.current = openDialog({
      title: 'Leave without saving?',
      size: 'small',
      content: (close) => <LeaveContent onLeave={leave} close={close} />,
      onClose: () => {
        dialogId.current = null;
        // Closed without choosing to leave (Stay, Escape, backdrop): stay.
        if (!leaving) blocked.reset?.();
      },
    });
  }, [blocker]);

  useEffect(
    () => () => {
      if (dialogId.current) closeDialog(dialogId.current);
    },
    [],
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
