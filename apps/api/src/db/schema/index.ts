// The whole schema, for Drizzle's relational queries. Tables live in one file per module.
export * from './audit';
export * from './calendar';
export * from './codes';
export * from './contacts';
export * from './dictionaries';
export * from './exchange';
export * from './feedback';
export * from './files';
export * from './investments';
export * from './jobs';
export * from './mail';
export * from './notifications';
export * from './people';
export * from './pods';
export * from './reporting';
export * from './signup';
export * from './surveys';
