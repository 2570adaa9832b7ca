import { Badge, Group } from '@mantine/core';

/** Spec 9: picker tags show at most 2 names, each cut after 28 characters, then "+N". */
export const PICKER_TAGS_MAX = 2;
export const PICKER_TAG_MAX_CHARS = 28;
export const ELLIPSIS = '…';

/** A name cut after `maxChars` characters with an ellipsis (unchanged when short enough). */
export function truncateTag(name: string, maxChars = PICKER_TAG_MAX_CHARS): string {
  const chars = [...name];
  return chars.length > maxChars ? `${chars.slice(0, maxChars).join('').trimEnd()}${ELLIPSIS}` : name;
}

export interface PickerTagsProps {
  /** Names of the chosen options, in order. */
  names: readonly string[];
  /** Default 2. */
  max?: number;
  /** Default 28. */
  maxChars?: number;
  /** Shown when nothing is chosen; nothing rendered when absent. */
  emptyText?: string;
  /** Accessible name of the group, e.g. "Selected industries". */
  label?: string;
}

/** The chosen options of a multi-choice picker as tags: the first few, then "+N" for the rest. */
export function PickerTags({
  names,
  max = PICKER_TAGS_MAX,
  maxChars = PICKER_TAG_MAX_CHARS,
  emptyText,
  label,
}: PickerTagsProps) {
  if (!names.length) {
    return emptyText ? (
      <Group gap={4} role="group" aria-label={label}>
        <Badge variant="default" tt="none" fw={400}>
          {emptyText}
        </Badge>
      </Group>
    ) : null;
  }
  const shown = names.slice(0, max);
  const rest = names.slice(max);
  return (
    <Group gap={4} role="group" aria-label={label} wrap="wrap">
      {shown.map((name, index) => {
        const text = truncateTag(name, maxChars);
        return (
          <Badge
            // Names may repeat (e.g. "Other" in two lists).
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity here
            key={`${index}-${name}`}
            variant="light"
            tt="none"
            fw={500}
            title={text === name ? undefined : name}
            aria-label={name}
          >
            {text}
          </Badge>
        );
      })}
      {rest.length > 0 && (
        <Badge
          variant="outline"
          tt="none"
          title={rest.join(', ')}
          aria-label={`${rest.length} more: ${rest.join(', ')}`}
        >
          +{rest.length}
        </Badge>
      )}
    </Group>
  );
}
