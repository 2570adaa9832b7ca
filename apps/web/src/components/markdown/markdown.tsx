import { Anchor, Box, Code, List, Table, Text, Title } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';

// Markdown written by users and administrators (help articles, FAQ answers, announcements).
// react-markdown builds React elements from the syntax tree and never renders raw HTML (an
// `<script>` in the text shows as text), and its default URL transform drops `javascript:` links.

const components: Components = {
  h1: ({ children }) => <Title order={3}>{children}</Title>,
  h2: ({ children }) => <Title order={4}>{children}</Title>,
  h3: ({ children }) => <Title order={5}>{children}</Title>,
  h4: ({ children }) => <Title order={6}>{children}</Title>,
  p: ({ children }) => <Text mb="sm">{children}</Text>,
  a: ({ href, children }) => {
    const external = href !== undefined && /^https?:/i.test(href);
    return (
      <Anchor href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </Anchor>
    );
  },
  ul: ({ children }) => <List mb="sm">{children}</List>,
  ol: ({ children }) => (
    <List type="ordered" mb="sm">
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  code: ({ children }) => <Code>{children}</Code>,
  table: ({ children }) => <Table mb="sm">{children}</Table>,
  img: ({ alt }) => <Text span>{alt}</Text>,
};

/** Renders markdown safely: no raw HTML, no images (their addresses would leak who reads). */
export function MarkdownText({ children }: { children: string }) {
  return (
    <Box>
      <Markdown components={components} skipHtml>
        {children}
      </Markdown>
    </Box>
  );
}
