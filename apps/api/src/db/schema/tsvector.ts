import { customType } from 'drizzle-orm/pg-core';

/**
 * A full-text search column (issue 17): generated from the row's own columns (STORED), so the
 * search index changes in the transaction of the write and can never drift from the data.
 */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});
