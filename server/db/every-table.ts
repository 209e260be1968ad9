import * as schemaModules from './tables.ts';
import { declarations } from '../../resources/entities/index.ts';
import { derivedTable, tableOf } from './declared.ts';

/**
 * Every table of the database by name, what migrations are generated from (server/tools/generate-migration.ts):
 * the schema modules' tables, and the table of each declaration of resources/entities that has no
 * table of its own there (a new entity needs no server code: its declaration is its table).
 */
export function everyTable(): Record<string, unknown> {
  const tables: Record<string, unknown> = { ...schemaModules };
  const exported = new Set(Object.values(tables));
  for (const declaration of declarations) {
    const table = derivedTable(declaration.name) ?? tableOf(declaration);
    if (!exported.has(table)) tables[declaration.table] = table;
  }
  return tables;
}
