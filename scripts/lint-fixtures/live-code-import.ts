// Lint fixture (scripts/lint-boundaries.test.ts lints it as a migration): a migration that
// builds its DDL with live code, as migration 010 once did, is not frozen.
import type { Migration } from 'kysely/migration';
import { dialectOf } from '@/api-server/src/db/dialect';

export const m999: Migration = { up: async (db) => void dialectOf(db) };
