import { describeRaces } from './test/races';

// The proof on PostgreSQL (TEST_DATABASE_URL, CI's second run): each race's two requests go to
// two API processes on one database, so only the database can make them exactly-once.
describeRaces({ rounds: 10, twoProcesses: true });
