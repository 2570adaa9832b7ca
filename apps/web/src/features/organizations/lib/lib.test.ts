import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';
import { DOCUMENT_LIMIT, fileLimitError, MEDIA_LIMIT, ORGANIZATION_IMAGE_LIMIT } from './file-limits';

function file(name: string, size: number): File {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('fileLimitError', () => {
  it('accepts the allowed types within the size', () => {
    expect(fileLimitError(file('report.PDF', 1000), DOCUMENT_LIMIT)).toBeNull();
    expect(fileLimitError(file('photo.jpeg', 5 * 1024 * 1024), MEDIA_LIMIT)).toBeNull();
  });

  it('names the type rule, then the size rule, then an empty file', () => {
    expect(fileLimitError(file('tool.exe', 10), DOCUMENT_LIMIT)).toBe(DOCUMENT_LIMIT.typesMessage);
    expect(fileLimitError(file('noextension', 10), DOCUMENT_LIMIT)).toBe(DOCUMENT_LIMIT.typesMessage);
    expect(fileLimitError(file('anim.gif', 10), ORGANIZATION_IMAGE_LIMIT)).toBe(
      ORGANIZATION_IMAGE_LIMIT.typesMessage,
    );
    expect(fileLimitError(file('big.pdf', 10 * 1024 * 1024 + 1), DOCUMENT_LIMIT)).toBe(
      'The file must be at most 10 MB.',
    );
    expect(fileLimitError(file('empty.csv', 0), DOCUMENT_LIMIT)).toBe('The file is empty.');
  });

  it('gives the accept attribute of the file input', () => {
    expect(MEDIA_LIMIT.accept).toBe('.png,.jpg,.jpeg,.webp,.gif');
  });
});

describe('auditChanges', () => {
  it('lists only the fields that changed', () => {
    expect(
      auditChanges({ name: 'A', about: 'x', tags: [1] }, { name: 'B', about: 'x', tags: [1, 2] }),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'tags', before: '[1]', after: '[1,2]' },
    ]);
  });

  it('shows every field of a creation or a deletion, empty values as a dash', () => {
    expect(auditChanges(null, { email: 'a@b.test', title: null })).toEqual([
      { field: 'email', before: '—', after: 'a@b.test' },
    ]);
    expect(auditChanges({ manage_settings: true }, null)).toEqual([
      { field: 'manage_settings', before: 'true', after: '—' },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
