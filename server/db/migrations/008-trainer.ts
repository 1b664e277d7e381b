import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The trainer's results: one row of totals per player (hands, right answers, the running and the best
 * streak) and one row per player, chart and hand class (shown, missed, Leitner box). Both are counters updated by
 * one upsert per answer, so parallel answers never lose a count on either database. A deleted chart takes its rows
 * with it (ON DELETE CASCADE), and so does a deleted user.
 */
export const trainerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const count = (column: ColumnDefinitionBuilder) => column.notNull().defaultTo(0);
    await db.schema
      .createTable('trainer_totals')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('hands', 'integer', count)
      .addColumn('correct', 'integer', count)
      .addColumn('streak', 'integer', count)
      .addColumn('best_streak', 'integer', count)
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('trainer_cells')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('hand', 'text', (c) => c.notNull())
      .addColumn('shown', 'integer', count)
      .addColumn('missed', 'integer', count)
      .addColumn('box', 'integer', count)
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('trainer_cells_pk', ['user_id', 'category_id', 'hand'])
      .execute();
    // The chart's cascade delete looks rows up by category.
    await db.schema.createIndex('trainer_cells_category').on('trainer_cells').column('category_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('trainer_cells').execute();
    await db.schema.dropTable('trainer_totals').execute();
  },
};
