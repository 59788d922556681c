// The Database interface, assembled from the table types each feature keeps beside its repo
// (<thing>.table.ts). A new collection adds one line here.

import type { Kysely, Transaction } from 'kysely';
import type { AlbumMediaTable, AlbumsTable } from '../features/albums/albums.table.ts';
import type { SessionsTable } from '../features/auth/auth.table.ts';
import type { VaultAccountsTable, VaultKeyStateTable } from '../features/connect/connect.table.ts';
import type { FaviconsTable } from '../features/favicons/favicons.table.ts';
import type { SiteStateTable, SiteTokensTable } from '../features/gate/gate.table.ts';
import type { ApiKeysTable } from '../features/keys/keys.table.ts';
import type { LibrariesTable, LibraryForgottenTable, LibrarySkippedTable } from '../features/libraries/libraries.table.ts';
import type { LinksTable } from '../features/links/links.table.ts';
import type { MediaTable, MediaTagsTable } from '../features/media/media.table.ts';
import type { ModelsTable } from '../features/models/models.table.ts';
import type { ModelPicturesTable } from '../features/models/pictures/pictures.table.ts';
import type { UploadsTable } from '../features/uploads/uploads.table.ts';
import type { UsersTable } from '../features/users/users.table.ts';
import type { StreamingSitesTable } from '../features/watch/watch.table.ts';
import type { JobsTable } from '../jobs/jobs.table.ts';
import type { LoginAttemptsTable } from '../security/attempts.table.ts';

export interface Database {
  site_state: SiteStateTable;
  login_attempts: LoginAttemptsTable;
  users: UsersTable;
  sessions: SessionsTable;
  site_tokens: SiteTokensTable;
  favicons: FaviconsTable;
  links: LinksTable;
  streaming_sites: StreamingSitesTable;
  models: ModelsTable;
  model_pictures: ModelPicturesTable;
  media: MediaTable;
  media_tags: MediaTagsTable;
  albums: AlbumsTable;
  album_media: AlbumMediaTable;
  jobs: JobsTable;
  libraries: LibrariesTable;
  library_skipped: LibrarySkippedTable;
  library_forgotten: LibraryForgottenTable;
  vault_accounts: VaultAccountsTable;
  vault_key_state: VaultKeyStateTable;
  api_keys: ApiKeysTable;
  uploads: UploadsTable;
}

/** What repo functions take as their first argument: the database or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
