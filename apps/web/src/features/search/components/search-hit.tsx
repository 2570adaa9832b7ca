import { Text } from '@mantine/core';
import type { TSearchHit } from '@parity/domain/search';
import { HighlightedText } from './highlighted-text';

/** A hit as the box and the page show it: the title with its matches marked, where it is, the passage. */
export function SearchHitContent({ hit }: { hit: TSearchHit }) {
  return (
    <>
      <Text size="sm" fw={600} lineClamp={1}>
        <HighlightedText parts={hit.title} />
      </Text>
      {hit.subtitle ? (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {hit.subtitle}
        </Text>
      ) : null}
      {hit.snippet?.length ? (
        <Text size="xs" lineClamp={2}>
          <HighlightedText parts={hit.snippet} />
        </Text>
      ) : null}
    </>
  );
}
