import type { DB } from '../db/index.ts';
import type { Config } from '../config.ts';

export async function ensureWebClient(db: DB, config: Config): Promise<void> {
  void db; void config;
}
