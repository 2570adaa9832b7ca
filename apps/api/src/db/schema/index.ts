// The whole schema, for Drizzle's relational queries. Tables live in one file per module.
export * from './dictionaries';
export * from './mail';
export * from './people';
export * from './signup';
export * from './feedback';
