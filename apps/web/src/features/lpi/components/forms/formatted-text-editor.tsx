import { Box, Group, Textarea } from '@mantine/core';
import { useId, useRef } from 'react';
import { Button } from '../../../../components/button/button';

/** Wraps the selection of a text in a tag (or inserts an empty pair at the caret). */
export function wrapSelection(text: string, start: number, end: number, tag: 'strong' | 'em') {
  const selected = text.slice(start, end);
  const open = `<${tag}>`;
  const next = `${text.slice(0, start)}${open}${selected}</${tag}>${text.slice(end)}`;
  return { text: next, caret: start + open.length + selected.length };
}

/** Turns the selected lines (or the caret's line) into a bulleted list. */
export function listSelection(text: string, start: number, end: number) {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const lines = text
    .slice(lineStart, lineEnd)
    .split('\n')
    .filter((line) => line.trim() !== '');
  const list = `<ul>${(lines.length ? lines : ['']).map((line) => `<li>${line.trim()}</li>`).join('')}</ul>`;
  return { text: `${text.slice(0, lineStart)}${list}${text.slice(lineEnd)}`, caret: lineStart + list.length };
}

export interface FormattedTextEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * The formatted-text answer: a text area with Bold, Italic and Bulleted list buttons that write
 * the allowed HTML (strong, em, ul/li). The server keeps only the allowed tags.
 */
export function FormattedTextEditor({ label, value, onChange, error }: FormattedTextEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const toolbarId = useId();

  const apply = (edit: (text: string, start: number, end: number) => { text: string; caret: number }) => {
    const area = ref.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const result = edit(value, start, end);
    onChange(result.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(result.caret, result.caret);
    });
  };

  return (
    <Box>
      <Group gap={4} mb={4} role="toolbar" aria-label={`${label} formatting`} id={toolbarId}>
        <Button
          kind="tertiary"
          size="small"
          onClick={() => apply((t, s, e) => wrapSelection(t, s, e, 'strong'))}
        >
          Bold
        </Button>
        <Button kind="tertiary" size="small" onClick={() => apply((t, s, e) => wrapSelection(t, s, e, 'em'))}>
          Italic
        </Button>
        <Button kind="tertiary" size="small" onClick={() => apply(listSelection)}>
          Bulleted list
        </Button>
      </Group>
      <Textarea
        ref={ref}
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        rows={4}
        aria-describedby={toolbarId}
      />
    </Box>
  );
}
