// The media library (both galleries share one table) and the processing job queue.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Which gallery the item is in: the free one (The Red Room) or premium. Moving changes only this.
    .addColumn('gallery', 'text', (col) => col.notNull().check(sql`gallery in ('gallery', 'premium')`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('image', 'video')`))
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    // Store keys: the original, and the renditions the processing job writes.
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('thumbnail_key', 'text')
    .addColumn('display_key', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration', 'real')
    .addColumn('taken_at', 'integer')
    .addColumn('placeholder', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('processing').check(sql`status in ('processing', 'ready', 'failed')`))
    .addColumn('failure', 'text')
    // Set by `media check --fix` when the original's bytes are gone from the store.
    .addColumn('missing_at', 'integer')
    // JSON array as entered (display order and case); media_tags holds the lower-case copies for filtering.
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]').check(sql`json_valid(tags)`))
    // Lower-case title and tags, one string, for the case-insensitive search.
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_favorite', 'integer', (col) => col.notNull().defaultTo(0).check(sql`is_favorite in (0, 1)`))
    .addColumn('model_id', 'text', (col) => col.references('models.id').onDelete('set null'))
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'integer')
    .addColumn('deleted_at', 'integer')
    .execute();
  // Every list is one owner's, one gallery's, in or out of the bin; the trailing column is the sort.
  for (const [name, column] of [
    ['created', 'created_at'],
    ['title', 'title'],
    ['duration', 'duration'],
    ['size', 'size'],
    ['type', 'type'],
  ] as const) {
    await db.schema.createIndex(`media_list_${name}`).on('media').columns(['owner_id', 'gallery', 'deleted_at', column]).execute();
  }
  await db.schema.createIndex('media_owner_favorite').on('media').columns(['owner_id', 'gallery', 'is_favorite', 'created_at']).execute();
  await db.schema.createIndex('media_model').on('media').columns(['model_id']).execute();
  await db.schema.createIndex('media_deleted').on('media').columns(['deleted_at']).where(sql.ref('deleted_at'), 'is not', null).execute();
  await db.schema.createIndex('media_owner_sha256').on('media').columns(['owner_id', 'sha256']).execute();

  await db.schema
    .createTable('media_tags')
    .addColumn('media_id', 'text', (col) => col.notNull().references('media.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Lower case: tags are unique per item ignoring case.
    .addColumn('tag', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('media_tags_pk', ['media_id', 'tag'])
    .execute();
  await db.schema.createIndex('media_tags_owner_tag').on('media_tags').columns(['owner_id', 'tag', 'media_id']).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (col) => col.notNull())
    // Jobs with the same kind and key are one job: enqueueing again merges into the waiting one.
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull().check(sql`json_valid(payload)`))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('queued').check(sql`state in ('queued', 'running', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // Enqueued again while running: run once more when this run ends (its input may have changed).
    .addColumn('rerun', 'integer', (col) => col.notNull().defaultTo(0).check(sql`rerun in (0, 1)`))
    .addColumn('run_at', 'integer', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'integer', (col) => col.notNull())
    .addUniqueConstraint('jobs_kind_key', ['kind', 'key'])
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('media_tags').execute();
  await db.schema.dropTable('media').execute();
}
