import { describeRaces } from './test/races';

// The same races through one process, on the suite's database (PGlite by default, which runs one
// transaction at a time, so one round shows all it can): the answers and counts must be those of
// PostgreSQL. The proof under real concurrency is races.postgres.integration-test.ts.
describeRaces({ rounds: 1, twoProcesses: false });
