import type { TSearchKind } from '@parity/domain/search';
import { articlesKind } from './articles';
import { documentsKind } from './documents';
import { eventsKind } from './events';
import { faqKind } from './faq';
import type { SearchKindDefinition } from './kind';
import { organizationsKind } from './organizations';
import { peopleKind } from './people';
import { podsKind } from './pods';
import { policiesKind } from './policies';
import { surveysKind } from './surveys';

/** Every searchable kind (domain SEARCH_KINDS): a new kind is its definition file and one line here. */
export const SEARCH_KIND_DEFINITIONS: Record<TSearchKind, SearchKindDefinition> = {
  organizations: organizationsKind,
  people: peopleKind,
  surveys: surveysKind,
  documents: documentsKind,
  policies: policiesKind,
  events: eventsKind,
  pods: podsKind,
  articles: articlesKind,
  faq: faqKind,
};
