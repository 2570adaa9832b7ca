import type { TSearchTextPart } from '@parity/domain/search';
import classes from './search.module.css';

/** Text with its matched words marked: React elements from the API's parts, never HTML. */
export function HighlightedText({ parts }: { parts: readonly TSearchTextPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence of one text
          <mark key={index} className={classes.mark}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
