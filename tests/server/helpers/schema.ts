import { sql } from 'kysely';

import type { Db } from '../../../server/db/database.ts';

/** The live schema as the database reports it (not as the code believes it): table → its columns. */
export async function schemaColumns(db: Db): Promise<Map<string, string[]>> {
  const columns = new Map<string, string[]>();
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`.execute(db.kysely);
    for (const row of rows)
      columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
    return columns;
  }
  const { rows: tables } = await sql<{ name: string }>`
    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db.kysely);
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${name})`.execute(
      db.kysely,
    );
    columns.set(
      name,
      rows.map((row) => row.name),
    );
  }
  return columns;
}

/** Every column that references users.id through a foreign key, from the schema itself. */
export async function userReferences(db: Db): Promise<Array<{ table: string; column: string }>> {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT kcu.table_name, kcu.column_name
      FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage kcu
        ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
      JOIN information_schema.constraint_column_usage ccu
        ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()
        AND ccu.table_name = 'users'`.execute(db.kysely);
    return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
  }
  const found: Array<{ table: string; column: string }> = [];
  for (const table of (await schemaColumns(db)).keys()) {
    const { rows } = await sql<{ table: string; from: string }>`
      SELECT "table", "from" FROM pragma_foreign_key_list(${table})`.execute(db.kysely);
    for (const row of rows) if (row.table === 'users') found.push({ table, column: row.from });
  }
  return found;
}

export type Row = Record<string, unknown>;

/** Every row of every table. */
export async function dumpDatabase(db: Db): Promise<Map<string, Row[]>> {
  const dump = new Map<string, Row[]>();
  for (const table of (await schemaColumns(db)).keys()) {
    const { rows } = await sql<Row>`SELECT * FROM ${sql.table(table)}`.execute(db.kysely);
    dump.set(table, rows);
  }
  return dump;
}
