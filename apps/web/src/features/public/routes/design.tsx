import { Anchor, Group, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header/page-header';
import { AlertSamples } from '../components/alert-samples';
import { ButtonGallery } from '../components/button-gallery';
import { ColourSamples } from '../components/colour-samples';
import { DesignSection } from '../components/design-section';
import { DialogSamples } from '../components/dialog-samples';
import { FormSamples } from '../components/form-samples';
import { NotificationSamples } from '../components/notification-samples';

const SECTIONS = [
  { id: 'colours', title: 'Colours' },
  { id: 'buttons', title: 'Buttons' },
  { id: 'alerts', title: 'Alerts' },
  { id: 'notifications', title: 'Notifications' },
  { id: 'dialogs', title: 'Dialogs' },
  { id: 'forms', title: 'Form inputs' },
] as const;

/** /design: the living style guide (public), rendered with the components the app uses. */
export function DesignRoute() {
  return (
    <>
      <PageHeader
        title="Design system"
        description="The building blocks of Parity's screens, rendered live with the same components the portal uses."
      />
      <Group component="nav" aria-label="Style guide sections" gap="md" mb="xl">
        {SECTIONS.map((section) => (
          <Anchor key={section.id} href={`#${section.id}`} size="sm">
            {section.title}
          </Anchor>
        ))}
      </Group>
      <Stack gap={48}>
        <DesignSection
          id="colours"
          title="Colours"
          description="Every filled shade keeps its text at WCAG AA contrast or better."
        >
          <ColourSamples />
        </DesignSection>
        <DesignSection
          id="buttons"
          title="Buttons"
          description="Nine types in three sizes. Use the Button component with kind and size; type stays the HTML button type."
        >
          <ButtonGallery />
        </DesignSection>
        <DesignSection
          id="alerts"
          title="Alerts"
          description="Four types: info, success, warning and error. Inline alerts explain the state of a page; live alerts confirm or report the result of an action."
        >
          <AlertSamples />
        </DesignSection>
        <DesignSection
          id="notifications"
          title="Notifications"
          description="Three types: base, alert and guidance."
        >
          <NotificationSamples />
        </DesignSection>
        <DesignSection
          id="dialogs"
          title="Dialogs"
          description="Four sizes: small, medium, large and x-large. Only the top dialog reacts to Escape and the backdrop; a persistent one ignores both."
        >
          <DialogSamples />
        </DesignSection>
        <DesignSection
          id="forms"
          title="Form inputs"
          description="Every input has a visible label; required fields carry an asterisk; errors appear under the field and are announced with it."
        >
          <FormSamples />
        </DesignSection>
      </Stack>
    </>
  );
}

export { DesignRoute as Component };
